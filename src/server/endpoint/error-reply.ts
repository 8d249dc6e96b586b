import { JSON_CONTENT_TYPE } from '../../protocol/endpoints';
import type { Reply } from '../../scenario/compile/scenario-set';

/** A JSON error in the protocol's own shape, `{errorCode, errorText}`, ready to write. */
export function errorReply(
  status: number,
  errorCode: string,
  errorText: string,
  headers: Record<string, string> = {},
): Reply {
  const body = Buffer.from(JSON.stringify({ errorCode, errorText }), 'utf8');
  return Object.freeze({
    status,
    headers: Object.freeze({ 'content-type': JSON_CONTENT_TYPE, ...headers, 'content-length': body.length }),
    body,
  });
}
