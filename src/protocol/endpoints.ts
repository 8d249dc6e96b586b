/** The protocol's path prefix (reference, "Endpoints"): GET `${PROTOCOL_PATH}/{token}`, POST `${PROTOCOL_PATH}/`. */
export const PROTOCOL_PATH = '/rest/chat/client/id';

/** Both protocol requests as the help and the error texts name them. */
export const PROTOCOL_REQUESTS = `GET ${PROTOCOL_PATH}/{token} and POST ${PROTOCOL_PATH}/`;

/** Where auth-sim mounts its admin API unless told otherwise (auth-sim's own path, not the reference's). */
export const DEFAULT_ADMIN_PREFIX = '/__admin';

/** The content type of every JSON answer, as the reference's samples send it. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Statuses whose answers never have a body, whatever is sent (RFC 9110, 15.3.5 and 15.4.5), with
 * their reason phrases: an answer with one is sent without a body or a Content-Length, and a
 * scenario that writes body fields for one is refused at load (scenario/schema/wire-framing-rules.ts).
 */
export const BODYLESS_STATUSES: Readonly<Record<number, string>> = { 204: 'No Content', 304: 'Not Modified' };

/** The header that carries the admin token (`authorization: Bearer <token>` works too). */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';
