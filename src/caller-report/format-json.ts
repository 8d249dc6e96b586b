import type { ReportReading } from './report-reading';
import { escapeJsonText } from '../scenario/base/escape-controls';

/**
 * The report as JSON text, a token at a time, in the key order of the whole report's
 * JSON.stringify (since, tokens, the rest). What JSON.stringify leaves raw that a terminal acts
 * on (C1 controls, U+2028) is written `\uXXXX`: the same value once parsed, safe for `curl`.
 */
export function* jsonPieces(reading: ReportReading): Generator<string> {
  const { since, ...rest } = reading.summary;
  yield `{"since":${JSON.stringify(since)},"tokens":{`;
  let comma = '';
  for (const [token, t] of reading.tokens()) {
    yield escapeJsonText(`${comma}${JSON.stringify(token)}:${JSON.stringify(t)}`);
    comma = ',';
  }
  yield escapeJsonText(`},${JSON.stringify(rest).slice(1)}`);
}
