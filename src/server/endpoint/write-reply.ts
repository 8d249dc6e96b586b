import type { ServerResponse } from 'node:http';
import type { Reply } from '../../scenario/compile/scenario-set';

/** Writes a ready reply: one writeHead, one end with the prebuilt bytes. */
export function writeReply(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, reply.headers as Record<string, string | number>);
  if (reply.body) res.end(reply.body);
  else res.end();
}
