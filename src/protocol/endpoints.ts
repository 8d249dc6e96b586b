/** The protocol's path prefix (reference, "Endpoints"): GET `${PROTOCOL_PATH}/{token}`, POST `${PROTOCOL_PATH}/`. */
export const PROTOCOL_PATH = '/rest/chat/client/id';
