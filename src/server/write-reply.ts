import type { ServerResponse } from 'node:http';
import type { Answer, Reply } from '../scenario/scenario-set';

/** Writes a ready reply: one writeHead, one end with the prebuilt bytes. */
export function writeReply(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, reply.headers as Record<string, string | number>);
  if (reply.body) res.end(reply.body);
  else res.end();
}

/**
 * Writes an answer after its delay. The timer never blocks other requests, and is dropped if the
 * caller hangs up first so a long delay leaks nothing.
 */
export function sendAnswer(res: ServerResponse, answer: Answer): void {
  if (answer.delayMs <= 0) return writeReply(res, answer.reply);
  const timer = setTimeout(() => writeReply(res, answer.reply), answer.delayMs);
  res.once('close', () => clearTimeout(timer));
}
