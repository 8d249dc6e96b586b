import type { ServerResponse } from 'node:http';
import type { Answer } from '../../scenario/scenario-set';
import type { OpenFaults } from './open-faults';

/**
 * truncated: the headers promise more bytes (Content-Length) than are sent, then the
 * connection closes; the client sees a premature end of the body.
 */
export function sendTruncated(res: ServerResponse, answer: Answer, open: OpenFaults): void {
  open.hold(res, () => undefined);
  res.writeHead(answer.reply.status, answer.reply.headers as Record<string, string | number>);
  res.write(answer.reply.body ?? Buffer.alloc(0), () => res.socket?.end());
}

/**
 * drip: the headers at once, then the body in slices spread evenly so the last arrives after
 * `answer.fault.ms`; stops if the client hangs up.
 */
export function dripBody(res: ServerResponse, answer: Answer, open: OpenFaults): void {
  const chunks = answer.fault?.chunks ?? [];
  const gap = chunks.length > 1 ? (answer.fault?.ms ?? 0) / (chunks.length - 1) : 0;
  let next = 0;
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    const chunk = chunks[next++];
    if (next >= chunks.length) return res.end(chunk);
    res.write(chunk);
    timer = setTimeout(send, gap);
  };
  open.hold(res, () => clearTimeout(timer));
  res.writeHead(answer.reply.status, answer.reply.headers as Record<string, string | number>);
  if (chunks.length === 0) return void res.end();
  send();
}
