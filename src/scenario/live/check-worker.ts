import { parentPort, workerData } from 'node:worker_threads';
import { checkScenarioTexts, isMap } from '../compile/load-scenario-set';
import type { CheckedHeader, CheckInput, TokenBatch } from './check-off-thread';

/**
 * The worker thread of checkOffThread: checks the texts it is given (parse, schema, entry rules),
 * sends what was found, then the tokens a batch at a time, each when asked.
 */
const { texts, wire, batchSize } = workerData as CheckInput;
const checked = checkScenarioTexts(texts, wire);
const port = parentPort!;

const header: CheckedHeader = {
  problems: checked.problems,
  expectations: checked.expectations,
  files: checked.files.map(({ parsed, specialPlaces }) => {
    const tokens = parsed.data.tokens;
    // The tokens follow in batches, into the empty map left in their place.
    const data = isMap(tokens) ? { ...parsed.data, tokens: {} } : parsed.data;
    return { file: parsed.file, data, specialPlaces };
  }),
};
port.postMessage(header);

function* batches(): Generator<TokenBatch> {
  let batch: TokenBatch = [];
  for (const [index, { parsed, tokenNames, tokenPlaces }] of checked.files.entries()) {
    const tokens = parsed.data.tokens as Record<string, unknown>;
    for (const name of tokenNames) {
      const place = tokenPlaces.get(name);
      batch.push([index, name, tokens[name], place?.line ?? 0, place?.column ?? 0]);
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  yield batch;
}

const pending = batches();
port.on('message', () => {
  const next = pending.next();
  // After the last batch, an empty one; the host then ends this thread.
  port.postMessage(next.done ? [] : next.value);
});
