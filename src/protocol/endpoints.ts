/** The protocol's path prefix (reference, "Endpoints"): GET `${PROTOCOL_PATH}/{token}`, POST `${PROTOCOL_PATH}/`. */
export const PROTOCOL_PATH = '/rest/chat/client/id';

/** The content type of every JSON answer, as the reference's samples send it. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
