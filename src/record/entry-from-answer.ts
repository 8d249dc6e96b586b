import { isJsonType, parseJson } from '../check/check-answer';
import type { Outcome } from '../check/fetch-answer';
import { isJsonObject, mapTableFields } from '../protocol/map-table-fields';
import type { WireOptions } from '../protocol/wire-encode';
import { JSON_CONTENT_TYPE } from '../protocol/endpoints';
import { buildReply } from '../scenario/compile/build-reply';
import { HEADER_VALUE_PATTERN } from '../scenario/schema/header-schema';
import { wireOptionsFor } from '../scenario/schema/wire-options-for';
import { HOP_RESPONSE } from './forward-headers';

/** One answer the service gave, as the proxy passed it back. */
export type RecordedAnswer = Extract<Outcome, { kind: 'answer' }>;

/** A scenario entry made from an answer, with the notes its comment carries. */
export interface RecordedEntry {
  readonly entry: Record<string, unknown>;
  readonly notes: readonly string[];
  /** Whether serving the entry gives back the service's status, content type and body bytes. */
  readonly replaysSameBytes: boolean;
}

/** Headers a scenario does not keep: those of one hop or one moment, and what the server sets itself. */
const NOT_KEPT = new Set([...HOP_RESPONSE, 'etag', 'x-powered-by', 'server', 'content-type']);

/**
 * The scenario entry that serves `answer` again: status, kept headers, `body: none` or the body's
 * Response fields (only fields of the table: a scenario holds nothing else), the delay as a note
 * or, with `keepDelays`, as `delay:`. The entry is compiled as serve compiles it and compared with
 * the service's bytes, so a recording says where it cannot replay them.
 */
export function entryFromAnswer(answer: RecordedAnswer, options: WireOptions, keepDelays: boolean): RecordedEntry {
  const entry: Record<string, unknown> = {};
  const notes: string[] = [];
  if (answer.status !== 200) entry.status = answer.status;
  const type = answer.headers.get('content-type') ?? '';
  const headers = keptHeaders(answer.headers, notes);
  const body = jsonObject(answer.bytes, type);
  if (body !== undefined && type !== JSON_CONTENT_TYPE) headers['content-type'] = type;
  if (Object.keys(headers).length > 0) entry.headers = headers;
  if (keepDelays) entry.delay = `${answer.ms}ms`;
  else notes.push(`measured ${answer.ms} ms`);
  if (body === undefined) {
    entry.body = 'none';
    if (answer.bytes.length > 0)
      notes.push(
        `the service sent ${answer.bytes.length} bytes of ${type || 'no content type'}; a scenario answers with no body instead`,
      );
  } else {
    if (hasTypedScalars(body)) entry.wire = 'typed';
    Object.assign(
      entry,
      mapTableFields('Response', body, (_spec, value) => value, true),
    );
  }
  const replaysSameBytes = replays(entry, answer, options);
  if (!replaysSameBytes && body !== undefined)
    notes.push(
      'served, this entry gives other bytes than the service did (unknown fields, JSON types, spacing or escapes)',
    );
  return { entry, notes, replaysSameBytes };
}

const SENDABLE = new RegExp(HEADER_VALUE_PATTERN);

/**
 * The headers a scenario keeps, each once: a value a scenario could not send (non-ASCII, controls)
 * is left out, and of a repeated header (Set-Cookie) the first is kept; each with a note saying so.
 */
function keptHeaders(all: Headers, notes: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const repeated = new Map<string, number>();
  all.forEach((value, name) => {
    if (NOT_KEPT.has(name)) return;
    if (!SENDABLE.test(value))
      return void notes.push(`header ${name} is left out: a scenario header holds printable ASCII only`);
    if (name in headers) return void repeated.set(name, (repeated.get(name) ?? 1) + 1);
    headers[name] = value;
  });
  for (const [name, count] of repeated)
    notes.push(`the service sent ${count} ${name} headers; a scenario sends one, the first`);
  return headers;
}

function jsonObject(bytes: Buffer, type: string): Record<string, unknown> | undefined {
  const parsed = isJsonType(type) ? parseJson(bytes) : undefined;
  return parsed?.ok && isJsonObject(parsed.value) ? parsed.value : undefined;
}

/** Whether any scalar is a JSON number or boolean: the service speaks `wire: typed`. */
function hasTypedScalars(value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some(hasTypedScalars);
  return isJsonObject(value) && Object.values(value).some(hasTypedScalars);
}

/** Whether the entry, compiled as serve compiles it, gives the answer's status, content type and bytes. */
function replays(entry: Record<string, unknown>, answer: RecordedAnswer, options: WireOptions): boolean {
  const reply = buildReply(entry, wireOptionsFor(entry, options));
  const bytes = reply.body ?? Buffer.alloc(0);
  const type = reply.headers['content-type'];
  return (
    reply.status === answer.status &&
    bytes.equals(answer.bytes) &&
    (bytes.length === 0 || type === answer.headers.get('content-type'))
  );
}
