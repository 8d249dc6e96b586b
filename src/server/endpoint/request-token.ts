import type { IncomingMessage } from 'node:http';
import type { Answer } from '../../scenario/compile/scenario-set';
import { PROTOCOL_PATH } from '../../protocol/endpoints';
import * as BUILT_IN from '../../protocol/built-in-answers';
import type { BuiltInAnswer } from '../../protocol/built-in-answers';
import { errorReply } from '../../scenario/compile/build-reply';

/** Where the token came from: the GET path or the POST `token` header. */
export type TokenOrigin = 'path' | 'header';

/** The token and where it came from, or the answer that rejects the request (400, 405). */
export type TokenResult = { readonly token: string; readonly origin: TokenOrigin } | { readonly reject: Answer };

/** A rejection, answered at once like any answer. */
const rejectWith = (answer: BuiltInAnswer): Answer => Object.freeze({ reply: errorReply(answer), delayMs: 0 });

const MISSING_PATH_TOKEN = rejectWith(BUILT_IN.MISSING_PATH_TOKEN);
const MISSING_HEADER_TOKEN = rejectWith(BUILT_IN.MISSING_HEADER_TOKEN);
const BAD_ENCODING = rejectWith(BUILT_IN.BAD_ENCODING);
const WRONG_METHOD = rejectWith(BUILT_IN.WRONG_METHOD);

/** Whether a request URL is on the protocol's path (the caller already knows nothing else matched). */
export function isProtocolUrl(url: string): boolean {
  if (!url.startsWith(PROTOCOL_PATH)) return false;
  const next = url.charCodeAt(PROTOCOL_PATH.length);
  return Number.isNaN(next) || next === 47 /* / */ || next === 63; /* ? */
}

/**
 * The token of a protocol request. GET: the whole percent-decoded remainder of the path, so
 * "+", "=", spaces, Cyrillic and an encoded "/" all survive. POST: the `token` header as sent.
 */
export function requestToken(req: IncomingMessage): TokenResult {
  const url = req.url ?? '';
  if (req.method === 'GET' || req.method === 'HEAD') {
    const end = url.indexOf('?');
    const raw = url.slice(PROTOCOL_PATH.length + 1, end === -1 ? undefined : end);
    if (raw === '') return { reject: MISSING_PATH_TOKEN };
    // Most tokens arrive unencoded: skip the decoder (and its try/catch) when there is nothing to decode.
    if (!raw.includes('%')) return { token: raw, origin: 'path' };
    try {
      return { token: decodeURIComponent(raw), origin: 'path' };
    } catch {
      return { reject: BAD_ENCODING };
    }
  }
  if (req.method === 'POST') {
    const value = tokenHeader(req.rawHeaders);
    if (value === undefined || value === '') return { reject: MISSING_HEADER_TOKEN };
    return { token: utf8Header(value), origin: 'header' };
  }
  return { reject: WRONG_METHOD };
}

/**
 * The `token` header as `req.headers.token` gives it (repeats joined with ", "), read from the raw
 * name/value list: `req.headers` is built on first access, every header of the request at once,
 * which cost a POST more than its lookup.
 */
function tokenHeader(raw: readonly string[]): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length !== 5 || name.toLowerCase() !== 'token') continue;
    value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
  }
  return value;
}

/** Node reads header bytes as latin1; a chat server sending a UTF-8 token means UTF-8. */
function utf8Header(value: string): string {
  // eslint-disable-next-line no-control-regex -- \x00-\x7f is ASCII; anything outside it is a UTF-8 byte
  if (!/[^\x00-\x7f]/.test(value)) return value;
  const bytes = Buffer.from(value, 'latin1');
  const decoded = bytes.toString('utf8');
  return decoded.includes('\ufffd') ? value : decoded;
}
