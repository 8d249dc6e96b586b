import { ADMIN_TOKEN_HEADER } from '../protocol/endpoints';
import type { IncomingMessage } from 'node:http';

/** The connection's own headers either way (RFC 9110 §7.6.1) and the proxy's challenge (§11.7.1). */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'proxy-authenticate',
];

/**
 * Request headers that belong to one hop, not to the request (RFC 9110 §7.6.1 and §11.7: the
 * proxy's own credentials and challenges), plus those fetch sets itself for its own connection.
 * `Expect` is the caller's question to this hop: Node answers `100-continue` itself (and 417 to
 * anything else) before the request gets here. auth-sim's own admin token header is never the
 * real service's business, and a secret besides.
 */
const HOP_REQUEST: ReadonlySet<string> = new Set([
  ...HOP_BY_HOP,
  'proxy-authorization',
  'expect',
  'host',
  'content-length',
  'accept-encoding',
  ADMIN_TOKEN_HEADER,
]);

/**
 * Response headers that belong to one hop: Node writes its own for the proxy's connection, and
 * the body is passed on whole or streamed, never with the service's framing or trailers.
 */
export const HOP_RESPONSE: ReadonlySet<string> = new Set([...HOP_BY_HOP, 'content-length', 'date']);

/**
 * The request's end-to-end headers, each repeated one as one comma-joined value (headersDistinct
 * keeps them all, in order), without the hop-by-hop ones and those `Connection` names; with
 * `authorization`, the proxy's credentials for the service replace the caller's.
 */
export function forwardedRequestHeaders(
  req: IncomingMessage,
  authorization: string | undefined,
): Record<string, string> {
  const named = connectionNames(req.headersDistinct.connection);
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  for (const [name, values = []] of Object.entries(req.headersDistinct)) {
    if (!HOP_REQUEST.has(name) && !named.has(name)) headers[name] = values.join(', ');
  }
  if (authorization !== undefined) headers.authorization = authorization;
  return headers;
}

/** The answer's end-to-end headers, each Set-Cookie kept apart (fetch's Headers joins every other repeat). */
export function forwardedAnswerHeaders(all: Headers): Record<string, string | string[]> {
  const named = connectionNames(all.get('connection')?.split(','));
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of all) if (!HOP_RESPONSE.has(name) && !named.has(name)) headers[name] = value;
  if ('set-cookie' in headers) headers['set-cookie'] = all.getSetCookie();
  return headers;
}

/** The header names a `Connection` field lists (RFC 9110 §7.6.1: they end at this hop too), lower-cased. */
function connectionNames(values: readonly string[] | undefined): ReadonlySet<string> {
  const names = new Set<string>();
  for (const value of values ?? []) for (const name of value.split(',')) names.add(name.trim().toLowerCase());
  return names;
}
