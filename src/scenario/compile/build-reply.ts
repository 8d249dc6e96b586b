import { BODYLESS_STATUSES, JSON_CONTENT_TYPE } from '../../protocol/endpoints';
import type { BuiltInAnswer } from '../../protocol/built-in-answers';
import { createWireEncoder, type WireEncoder, type WireOptions } from '../../protocol/wire-encode';
import type { Reply } from './scenario-set';

/**
 * Every Reply is made here: a frozen status, the headers in the order given, then
 * content-length (the body's, or the `declaredLength` a truncated fault promises); none for a
 * status that never has a body (RFC 9110, 8.6: a 204 must not send one).
 */
export function makeReply(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: Buffer | null,
  declaredLength = body?.length ?? 0,
): Reply {
  if (status in BODYLESS_STATUSES) return frozenReply(status, { ...headers }, null);
  return frozenReply(status, { ...headers, 'content-length': declaredLength }, body);
}

function frozenReply(status: number, headers: Record<string, string | number>, body: Buffer | null): Reply {
  const headerList = Object.freeze(Object.entries(headers).flatMap(([name, value]) => [name, String(value)]));
  return Object.freeze({ status, headers: Object.freeze(headers), headerList, body });
}

/** The reply bytes for an entry's status, headers and Response fields. */
export function buildReply(entry: Record<string, unknown>, options: WireOptions): Reply {
  const status = typeof entry.status === 'number' ? entry.status : 200;
  const extra = Object.fromEntries(Object.entries(entry.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
  // A 204 or 304 has no body even when `body: none` is not written (the load refuses body fields on one).
  if (entry.body === 'none' || status in BODYLESS_STATUSES) return makeReply(status, extra, null);
  const body = Buffer.from(encoderFor(options).json('Response', entry), 'utf8');
  return makeReply(status, { 'content-type': JSON_CONTENT_TYPE, ...extra }, body);
}

/** A JSON error in the protocol's own shape, `{errorCode, errorText}`, ready to write (no wire options involved). */
export function errorReply({ status, errorCode, errorText, headers }: BuiltInAnswer): Reply {
  const body = Buffer.from(JSON.stringify({ errorCode, errorText }), 'utf8');
  return makeReply(status, { 'content-type': JSON_CONTENT_TYPE, ...headers }, body);
}

/** Encoders by wire options (a handful of combinations), each shared by every entry served with them. */
const encoders = new Map<string, WireEncoder>();

/** The encoder for `options`: its served-field table is decided once, not once per entry. */
function encoderFor(options: WireOptions): WireEncoder {
  const key = `${options.version} ${options.wire} ${options.modules.join(',')}`;
  let encoder = encoders.get(key);
  if (encoder === undefined) {
    encoder = createWireEncoder(options);
    encoders.set(key, encoder);
  }
  return encoder;
}
