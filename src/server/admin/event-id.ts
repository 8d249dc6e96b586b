import { randomUUID } from 'node:crypto';

/**
 * A new run id: one per simulator started, so a page that reconnects tells a restarted
 * simulator (whose request numbers start from 1 again) from the one it was reading.
 */
export function newRunId(): string {
  return randomUUID();
}

/**
 * The SSE `id` of a `requests` message: the run and the newest request number it covers. A
 * reconnecting EventSource sends it back as `Last-Event-ID` by itself; the dashboard does the same.
 */
export function requestsEventId(run: string, seq: number): string {
  return `${run}:${seq}`;
}

/**
 * The request number a `Last-Event-ID` says the reader has, when it names this run; undefined for
 * none, another run's or a malformed one (the reader then gets the journal's newest entries, as new).
 */
export function resumeAfter(run: string, lastEventId: string | undefined): number | undefined {
  if (lastEventId === undefined || !lastEventId.startsWith(`${run}:`)) return undefined;
  const digits = lastEventId.slice(run.length + 1);
  const seq = Number(digits);
  return /^\d{1,15}$/.test(digits) && Number.isSafeInteger(seq) ? seq : undefined;
}
