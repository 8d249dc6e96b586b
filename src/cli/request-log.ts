import pc from 'picocolors';
import type { Writable } from 'node:stream';
import { describeRecord, entryPlace, recordNearMisses, type JournalRecord } from '../server/endpoint/journal';
import { BatchedLines, type LineWriter } from './batched-lines';
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
  return new BatchedLines<JournalRecord>(out, {
    format: json
      ? (record, line) =>
          line.text(`${JSON.stringify({ level: 'info', event: 'request', ...describeRecord(record) })}\n`)
      : (record, line) => writeRequestLine(record, color, time, line),
    droppedNote: json
      ? (n) =>
          `${JSON.stringify({ level: 'warn', event: 'dropped', ...(time ? { time: logTime() } : {}), lines: n, message: DROPPED })}\n`
      : (n) => `${lineStart(color, time, Date.now())}${n} ${DROPPED}\n`,
    ...(onFirstDrop ? { onFirstDrop } : {}),
  });
}

/**
 * A request's text line, its newline included. The common line, a named entry's own token
 * answered with no fault, delay or certificate (and no --log-time), is its entry's head (prefix,
 * method, token, status) and tail (`ms`, the place, the newline), made once as bytes, around the
 * duration: the line is never a string at all. Any other is formatRequestLine's.
 */
function writeRequestLine(r: JournalRecord, color: boolean, time: boolean, line: LineWriter): void {
  const named = time ? undefined : namedText(r, color);
  if (named !== undefined && named.token === r.token && !r.fault && !(r.delayMs > 0) && r.clientCert === null) {
    line.bytes(headOf(named, r, color));
    line.ascii(milliseconds(r.durationMs));
    line.bytes(named.tail);
  } else line.text(`${lineStart(color, time, r.at)}${formatRequestLine(r, color)}\n`);
}

/** "auth-sim: ", and with --log-time the time (a request's arrival, the time its JSON line carries anyway). */
function lineStart(color: boolean, time: boolean, ms: number): string {
  return time ? `${PREFIX[color ? 'on' : 'off']}${logTime(ms)} ` : PREFIX[color ? 'on' : 'off'];
}

const DROPPED = 'request lines dropped here: the output was not keeping up';

/** One set of colour functions each way, made once rather than per line. */
const COLORS = { on: pc.createColors(true), off: pc.createColors(false) };

/** "auth-sim: " (dimmed when coloured), with its space. */
const PREFIX = { on: `${COLORS.on.dim('auth-sim:')} `, off: 'auth-sim: ' };

/** Tokens shown bare when they are plain; anything else is quoted so spaces and odd bytes show. */
const PLAIN = /^[\w.@:+=/-]+$/;

/**
 * One readable line per request: method, token, status, duration, then what answered and any
 * delay, fault or near misses. Colours only when `color` (a TTY without NO_COLOR). Read straight
 * from the record (no entry object, no ISO date).
 */
export function formatRequestLine(r: JournalRecord, color: boolean): string {
  const named = namedText(r, color);
  const c = color ? COLORS.on : COLORS.off;
  // A session's request carries its prefix: its token is shown from the record.
  const shown = named !== undefined && named.token === r.token ? named.shown : tokenText(r.token, c);
  let line = `${r.method} ${shown}${statusText(r.status, color)}${milliseconds(r.durationMs)}ms`;
  if (r.fault) line += `  ${c.magenta(`fault ${r.fault}`)}`;
  if (r.delayMs > 0) line += `  delay ${r.delayMs}ms`;
  line += named !== undefined ? named.place : `  ${c.dim(describeMatch(r))}`;
  const nearMisses = recordNearMisses(r);
  if (nearMisses.length > 0) line += `  did you mean ${nearMisses.map((t) => JSON.stringify(t)).join(' or ')}?`;
  if (r.clientCert !== null) line += `  cert ${r.clientCert}`;
  return line;
}

/**
 * "auth-sim: GET alice 200 " as bytes, for a named entry's own token: the last one made is kept, since a
 * token's requests nearly always come with one method and one status; another pair replaces it.
 */
function headOf(named: NamedText, r: JournalRecord, color: boolean): Uint8Array {
  if (named.headMethod !== r.method || named.headStatus !== r.status) {
    named.head = Buffer.from(`${PREFIX[color ? 'on' : 'off']}${r.method} ${named.shown}${statusText(r.status, color)}`);
    named.headMethod = r.method;
    named.headStatus = r.status;
  }
  return named.head;
}

/**
 * A duration rounded to hundredths as JavaScript prints that number ("1.5", "0.05", "2"), from
 * whole numbers: printing the fraction itself runs V8's double-to-text conversion, the dearest
 * part of a line.
 */
function milliseconds(ms: number): string {
  const hundredths = Math.round(ms * 100);
  if (!(hundredths >= 0 && hundredths < 2 ** 31)) return String(Math.round(ms * 100) / 100);
  const whole = Math.trunc(hundredths / 100);
  const rest = hundredths - whole * 100;
  if (rest === 0) return String(whole);
  if (rest % 10 === 0) return `${whole}.${rest / 10}`;
  return `${whole}.${rest < 10 ? '0' : ''}${rest}`;
}

/** " 200 " as a line shows it, made once per status and colouring. */
const STATUS_TEXT = { on: new Map<number | null, string>(), off: new Map<number | null, string>() };

function statusText(status: number | null, color: boolean): string {
  const made = STATUS_TEXT[color ? 'on' : 'off'];
  let text = made.get(status);
  if (text === undefined) {
    const c = color ? COLORS.on : COLORS.off;
    text = ` ${status === null ? c.magenta('---') : paint(c, status)} `;
    made.set(status, text);
  }
  return text;
}

/** A token as a line shows it: bare when plain, else quoted so spaces and odd bytes show. */
function tokenText(token: string | null, c: ReturnType<typeof pc.createColors>): string {
  if (token === null) return c.dim('(no token)');
  return PLAIN.test(token) ? token : JSON.stringify(token);
}

/** A named entry's token as shown, and "  file:line" (dimmed) for what answered. */
interface NamedText {
  readonly token: string | null;
  readonly shown: string;
  readonly place: string;
  /** "ms", the place and the newline: what follows the duration on a plain line, as bytes. */
  readonly tail: Uint8Array;
  /** The last head made (headOf), as bytes, and the method and status it is for. */
  head: Uint8Array;
  headMethod: string;
  headStatus: number | null | undefined;
}

/**
 * The common case, a named entry's token, made once per entry and colouring rather than per
 * line (the token's plainness test was a regular expression on every line): keyed by the entry's
 * source, so a reload lets it go. A session's request carries its prefix: its token is shown
 * from the record, its place from here.
 */
const ENTRY_TEXT = { on: new WeakMap<object, NamedText>(), off: new WeakMap<object, NamedText>() };

const NO_HEAD = new Uint8Array(0);

function namedText(r: JournalRecord, color: boolean): NamedText | undefined {
  if (r.matched !== 'token' || r.source === null) return undefined;
  const made = ENTRY_TEXT[color ? 'on' : 'off'];
  let text = made.get(r.source);
  if (text === undefined) {
    const c = color ? COLORS.on : COLORS.off;
    const place = `  ${c.dim(describeMatch(r))}`;
    // headStatus undefined: no head made yet (null is a status: no response).
    text = {
      token: r.token,
      shown: tokenText(r.token, c),
      place,
      tail: Buffer.from(`ms${place}\n`),
      head: NO_HEAD,
      headMethod: '',
      headStatus: undefined,
    };
    made.set(r.source, text);
  }
  return text;
}

function describeMatch(r: JournalRecord): string {
  if (r.matched === 'rejected') return 'rejected';
  const entry = entryPlace(r);
  if (r.matched === 'refused') return `refused (${r.refused}) ${entry ?? ''}`.trim();
  if (r.matched === 'token' || r.matched === 'admin') return entry ?? r.matched;
  return `${r.matched} ${entry ?? ''}`.trim();
}

function paint(c: ReturnType<typeof pc.createColors>, status: number): string {
  if (status < 300) return c.green(String(status));
  if (status < 500) return c.yellow(String(status));
  return c.red(String(status));
}
