import type { IncomingMessage } from 'node:http';
import { PROTOCOL_PATH } from '../protocol/endpoints';
import { errorReply } from '../scenario/compile/build-reply';
import type { Reply } from '../scenario/compile/scenario-set';
import { requestToken } from '../server/endpoint/request-token';

/**
 * Tokens that cannot be one path segment: a URL parser (fetch's, and the service's own) reads
 * `.` and `..`, encoded or not, as "this folder" and "the folder above" (WHATWG URL, "single-dot"
 * and "double-dot URL path segment"), so the service would be asked for another path.
 */
const DOT_SEGMENTS: ReadonlySet<string> = new Set(['.', '..']);

/** The answer to a token that cannot be passed on: the simulator's own, the service never asked. */
const DOT_SEGMENT_REPLY = errorReply({
  status: 400,
  errorCode: 'BAD_REQUEST',
  errorText: `a token "." or ".." cannot be passed to the real service: as a path segment it names another path`,
});

/**
 * The path the real service is asked for in hybrid mode, rebuilt from the request's token and
 * nothing else of its URL: GET and HEAD `${PROTOCOL_PATH}/{token}` with the token as one
 * percent-encoded segment (so `/`, `\`, `%2e%2e` and `..` inside it stay inside it), POST
 * `${PROTOCOL_PATH}/` with the token in its header. The caller's query and any path past the
 * protocol's are not passed on.
 */
export function upstreamProtocolPath(req: IncomingMessage): string | { readonly reject: Reply } {
  const found = requestToken(req);
  if (!('token' in found)) return { reject: found.reject.reply };
  if (found.origin === 'header') return `${PROTOCOL_PATH}/`;
  if (DOT_SEGMENTS.has(found.token)) return { reject: DOT_SEGMENT_REPLY };
  return `${PROTOCOL_PATH}/${encodeURIComponent(found.token)}`;
}
