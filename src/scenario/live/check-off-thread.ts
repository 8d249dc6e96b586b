import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type * as WorkerThreadsModule from 'node:worker_threads';
import type { WireOptions } from '../../protocol/wire-encode';
import { hasErrors, type Problem, type SourceRef } from '../base/problem';
import type { ScenarioText } from '../base/read-scenario-sources';
import { checkScenarioTexts, COMPILE_SLICE, type CheckedTexts } from '../compile/load-scenario-set';
import { parsedScenarioFile } from '../schema/parse-scenario-file';
import type { Expectation } from '../compile/read-expectations';
import type { SpecialEntry } from '../schema/scenario-schema';

/** What the worker is given. */
export interface CheckInput {
  readonly texts: readonly ScenarioText[];
  readonly wire: WireOptions | undefined;
  readonly batchSize: number;
}

/** The worker's first message: every problem, and each file's data with its tokens left out. */
export interface CheckedHeader {
  readonly problems: readonly Problem[];
  readonly expectations: readonly Expectation[];
  readonly files: readonly {
    readonly file: string;
    readonly data: Record<string, unknown>;
    readonly specialPlaces: Partial<Record<SpecialEntry, SourceRef>>;
  }[];
}

/** Tokens as the worker sends them: file index, name, data, line and column (0 when unknown). */
export type TokenBatch = [number, string, unknown, number, number][];

/**
 * Texts smaller than this are checked on the calling thread: starting a worker and loading the
 * checker into it takes longer than they do.
 */
const OFF_THREAD_BYTES = 512 * 1024;

/**
 * The same for the first load, before anything is served: no request waits for it, so a worker
 * only adds its start (tens of milliseconds) to the first answer. Larger texts still go to the
 * worker, whose memory (the parser's, the `yaml` document's) is given back when it ends.
 */
const FIRST_LOAD_OFF_THREAD_BYTES = 16 * 1024 * 1024;

/**
 * The worker's built file. Absent when this module runs from the TypeScript sources (the
 * repository's own jest tests): texts are then checked on this thread, as small ones always are.
 */
const WORKER_FILE = path.join(__dirname, 'check-worker.js');

/**
 * checkScenarioTexts on a worker thread, so that parsing and checking a large set (seconds for
 * 300,000 tokens) holds up no request (`serving`: requests are being answered meanwhile). The data comes back a batch of tokens at a time, each
 * batch asked for once the last is taken in, so copying it onto this thread is sliced as well.
 * The worker's memory (the parser's, the `yaml` document's) is all given back when it ends.
 */
export async function checkOffThread(
  texts: readonly ScenarioText[],
  wire: WireOptions | undefined,
  serving: boolean,
): Promise<CheckedTexts> {
  const bytes = texts.reduce((n, t) => n + t.text.length, 0);
  const limit = serving ? OFF_THREAD_BYTES : FIRST_LOAD_OFF_THREAD_BYTES;
  if (bytes < limit || !existsSync(WORKER_FILE)) return checkScenarioTexts(texts, wire);
  const input: CheckInput = { texts, wire, batchSize: COMPILE_SLICE };
  // Required here: a start whose texts are checked on this thread never loads worker_threads.
  const { Worker } = require('node:worker_threads') as typeof WorkerThreadsModule;
  const worker = new Worker(WORKER_FILE, { workerData: input });
  try {
    const header = await nextMessage<CheckedHeader>(worker);
    if (hasErrors(header.problems)) return { files: [], problems: header.problems, expectations: [] };
    const names = header.files.map((): string[] => []);
    const places = header.files.map(() => new Map<string, SourceRef>());
    for (;;) {
      worker.postMessage('next');
      const batch = await nextMessage<TokenBatch>(worker);
      if (batch.length === 0) break;
      for (const [index, name, data, line, column] of batch) {
        const tokens = header.files[index].data.tokens as Record<string, unknown>;
        // A token named __proto__ is a key like any other, as js-yaml reads it.
        if (name === '__proto__')
          Object.defineProperty(tokens, name, { value: data, enumerable: true, writable: true });
        else tokens[name] = data;
        names[index].push(name);
        if (line > 0) places[index].set(name, { file: header.files[index].file, line, column });
      }
    }
    const files = header.files.map(({ file, data, specialPlaces }, index) => ({
      parsed: parsedScenarioFile(file, texts[index].text, data, [], places[index]),
      tokenNames: names[index],
      tokenPlaces: places[index],
      specialPlaces,
    }));
    return { files, problems: header.problems, expectations: header.expectations };
  } finally {
    void worker.terminate();
  }
}

/** The worker's next message; its error, or its end before sending one, rejects. */
function nextMessage<T>(worker: Worker): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      settle();
    };
    const onMessage = (message: T) => done(() => resolve(message));
    const onError = (error: Error) => done(() => reject(error));
    const onExit = (code: number) => done(() => reject(new Error(`the scenario checker's thread ended (${code})`)));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}
