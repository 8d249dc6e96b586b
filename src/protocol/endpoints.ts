/** The protocol's path prefix (reference, "Endpoints"): GET `${PROTOCOL_PATH}/{token}`, POST `${PROTOCOL_PATH}/`. */
export const PROTOCOL_PATH = '/rest/chat/client/id';

/** Both protocol requests as the help and the error texts name them. */
export const PROTOCOL_REQUESTS = `GET ${PROTOCOL_PATH}/{token} and POST ${PROTOCOL_PATH}/`;

/** Where auth-sim mounts its admin API unless told otherwise (auth-sim's own path, not the reference's). */
export const DEFAULT_ADMIN_PREFIX = '/__admin';

/** The content type of every JSON answer, as the reference's samples send it. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
