import { JSON_CONTENT_TYPE } from '../../protocol/endpoints';
import { createWireEncoder, type WireEncoder, type WireOptions } from '../../protocol/wire-encode';
import type { Reply } from './scenario-set';

/** The reply bytes for an entry's status, headers and Response fields. */
export function buildReply(entry: Record<string, unknown>, options: WireOptions): Reply {
  const status = typeof entry.status === 'number' ? entry.status : 200;
  const extra = Object.fromEntries(Object.entries(entry.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
  if (entry.body === 'none') {
    return Object.freeze({ status, headers: Object.freeze({ ...extra, 'content-length': 0 }), body: null });
  }
  const body = Buffer.from(encoderFor(options).json('Response', entry), 'utf8');
  const headers = { 'content-type': JSON_CONTENT_TYPE, ...extra, 'content-length': body.length };
  return Object.freeze({ status, headers: Object.freeze(headers), body });
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
