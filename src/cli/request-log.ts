import pc from 'picocolors';
import type { Writable } from 'node:stream';
import {
  describeRecord,
  entryPlace,
  recordNearMisses,
  type JournalEntry,
  type JournalRecord,
} from '../server/endpoint/journal';
import { BatchedLines } from './batched-lines';
import type { LogFormat } from './control-flags';
import { logTime, useColor } from './logger';

/** The request log of `serve`: a line per finished request, written in batches. */
export type RequestLog = BatchedLines<JournalRecord>;

/**
 * The request log for `--log text|json`, or none with --quiet: each finished request printed
 * to `out`, a batch per event-loop turn, dropped and counted when `out` cannot keep up.
 */
export function createRequestLog(
  format: LogFormat,
  quiet: boolean | undefined,
  out: Writable = process.stdout,
  onFirstDrop?: () => void,
  time = false,
): RequestLog | undefined {
  if (quiet) return undefined;
  const json = format === 'json';
  const color = !json && useColor(out);
  const prefix = color ? pc.dim('auth-sim:') : 'auth-sim:';
  // --log-time: a request line begins with its arrival time, the time its JSON line carries anyway.
  const at = time ? (ms: number) => `${logTime(ms)} ` : () => '';
  return new BatchedLines<JournalRecord>(out, {
    format: json
      ? (record) => `${JSON.stringify({ level: 'info', event: 'request', ...describeRecord(record) })}\n`
      : (record) => `${prefix} ${at(record.at)}${formatRequestLine(lineFields(record), color)}\n`,
    droppedNote: json
      ? (n) =>
          `${JSON.stringify({ level: 'warn', event: 'dropped', ...(time ? { time: logTime() } : {}), lines: n, message: DROPPED })}\n`
      : (n) => `${prefix} ${at(Date.now())}${n} ${DROPPED}\n`,
    ...(onFirstDrop ? { onFirstDrop } : {}),
  });
}

const DROPPED = 'request lines dropped here: the output was not keeping up';

/** One set of colour functions each way, made once rather than per line. */
const COLORS = { on: pc.createColors(true), off: pc.createColors(false) };

/** Tokens shown bare when they are plain; anything else is quoted so spaces and odd bytes show. */
const PLAIN = /^[\w.@:+=/-]+$/;

/** What a text line shows of a request. */
type LineFields = Omit<JournalEntry, 'seq' | 'time' | 'origin' | 'bytes'>;

/**
 * The fields a text line shows, read from the record: no arrival time (the line has none), so
 * the request log does not build an ISO date and a whole journal entry per request.
 */
function lineFields(r: JournalRecord): LineFields {
  return {
    method: r.method,
    token: r.token,
    status: r.status,
    fault: r.fault,
    delayMs: r.delayMs,
    durationMs: Math.round(r.durationMs * 100) / 100,
    matched: r.matched,
    entry: entryPlace(r),
    nearMisses: recordNearMisses(r),
    refused: r.refused,
    clientCert: r.clientCert,
  };
}

/**
 * One readable line per request: method, token, status, duration, then what answered and any
 * delay, fault or near misses. Colours only when `color` (a TTY without NO_COLOR). Built by
 * appending to one string (no array of parts to join): it runs once per request.
 */
export function formatRequestLine(entry: LineFields, color: boolean): string {
  const c = color ? COLORS.on : COLORS.off;
  const token =
    entry.token === null ? c.dim('(no token)') : PLAIN.test(entry.token) ? entry.token : JSON.stringify(entry.token);
  const status = entry.status === null ? c.magenta('---') : paint(c, entry.status);
  let line = `${entry.method} ${token} ${status} ${entry.durationMs}ms`;
  if (entry.fault) line += `  ${c.magenta(`fault ${entry.fault}`)}`;
  if (entry.delayMs > 0) line += `  delay ${entry.delayMs}ms`;
  line += `  ${c.dim(describeMatch(entry))}`;
  if (entry.nearMisses.length > 0)
    line += `  did you mean ${entry.nearMisses.map((t) => JSON.stringify(t)).join(' or ')}?`;
  if (entry.clientCert !== null) line += `  cert ${entry.clientCert}`;
  return line;
}

function describeMatch(entry: LineFields): string {
  if (entry.matched === 'rejected') return 'rejected';
  if (entry.matched === 'refused') return `refused (${entry.refused}) ${entry.entry ?? ''}`.trim();
  if (entry.matched === 'token' || entry.matched === 'admin') return entry.entry ?? entry.matched;
  return `${entry.matched} ${entry.entry ?? ''}`.trim();
}

function paint(c: ReturnType<typeof pc.createColors>, status: number): string {
  if (status < 300) return c.green(String(status));
  if (status < 500) return c.yellow(String(status));
  return c.red(String(status));
}
