import { MAX_TIMER_MS, parseDuration } from '../../scenario/base/duration';
import type { Problem, SourceRef } from '../../scenario/base/problem';
import { problemAt } from '../../scenario/base/problem';
import { OUTAGE_FILE, type OutageStatus } from '../endpoint/outage';
import type { ControlParts } from './control-parts';

/** Where the outage's entry says it was written: no place in a file. */
const OUTAGE_SOURCE: SourceRef = Object.freeze({ file: OUTAGE_FILE, line: 0, column: 0 });

/** The outage started, or why not (nothing changed). */
export type OutageOutcome =
  { readonly ok: true; readonly outage: OutageStatus } | { readonly ok: false; readonly problems: readonly Problem[] };

/**
 * Starts an outage from what the admin API or a program sent: any scenario entry (`{"status":
 * 503}`, `{"fault": "reset"}`), checked as a runtime token's entry is, plus an optional `for`
 * duration ("30s") after which it lifts itself.
 */
export function startOutage(parts: ControlParts, request: unknown, origin: string): OutageOutcome {
  const refuse = (message: string): OutageOutcome => ({
    ok: false,
    problems: [problemAt(origin, message)],
  });
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return refuse('send a JSON object: the answer every token gets, e.g. {"status": 503} or {"fault": "reset"}');
  const { for: during, ...entry } = request as Record<string, unknown>;
  const forMs = during === undefined ? undefined : parseDuration(during);
  if (forMs === undefined && during !== undefined)
    return refuse(`"for" must be a duration such as "30s", "500ms" or "2m", got ${JSON.stringify(during)}`);
  if (forMs !== undefined && (forMs <= 0 || forMs > MAX_TIMER_MS))
    return refuse(`"for" must be longer than 0 and at most ${MAX_TIMER_MS} ms, got ${JSON.stringify(during)}`);
  if (Object.keys(entry).length === 0)
    return refuse('say what every token gets during the outage, e.g. {"status": 503} or {"fault": "reset"}');
  const compiled = parts.runtime.compileText(OUTAGE_FILE, JSON.stringify(entry, null, 2), origin, OUTAGE_SOURCE, false);
  if (!compiled.ok) return compiled;
  parts.answering.outage.start(compiled.entry, entry, forMs);
  return { ok: true, outage: parts.answering.outage.status() };
}
