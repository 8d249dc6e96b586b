import type { IncomingMessage, ServerResponse } from 'node:http';
import { lookupEntry, type ScenarioSet } from '../scenario/scenario-set';
import { isProtocolUrl, requestToken } from './request-token';
import { sendAnswer, writeReply } from './write-reply';

/** Handles a request on Node's own objects; false means "not mine", for the next handler. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Anything that holds the served set; read once per request, so a reload never splits one. */
export interface SetHolder {
  readonly set: ScenarioSet;
}

/**
 * The protocol endpoints, GET by path and POST by header, as one handler. The server calls it
 * before Express's router (the hot path); the Express app mounts the same function.
 */
export function createProtocolHandler(holder: SetHolder): NodeHandler {
  return (req, res) => {
    if (!isProtocolUrl(req.url ?? '')) return false;
    const set = holder.set;
    // The body is not part of the protocol: drain it so the connection can be reused.
    if (req.method === 'POST') req.resume();
    const found = requestToken(req);
    if ('reject' in found) {
      writeReply(res, found.reject);
      return true;
    }
    sendAnswer(res, lookupEntry(set, found.token).answer({ token: found.token }));
    return true;
  };
}
