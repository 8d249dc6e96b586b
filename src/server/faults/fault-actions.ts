import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FaultName } from '../../scenario/schema/fault-names';
import type { Answer } from '../../scenario/compile/scenario-set';
import type { OpenFaults } from './open-faults';

/** Acts out one fault on a response; the same for GET and POST, fast path and Express. */
type FaultAction = (res: ServerResponse, answer: Answer, open: OpenFaults) => void;

/** reset: a TCP RST before any byte; the client sees ECONNRESET. */
function resetConnection(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket || socket.destroyed) return;
  // Over HTTPS the response's socket is a TLSSocket, which cannot send an RST (resetAndDestroy
  // throws on it); its TCP socket, Node's `_parent`, can, once the TLS layer is dropped first.
  const tcp = (socket as Socket & { _parent?: Socket })._parent;
  if (!tcp) return void socket.resetAndDestroy();
  socket.destroy();
  tcp.resetAndDestroy();
}

/** close: a clean FIN with no response bytes at all; the client sees the connection end ("socket hang up"). */
function closeConnection(res: ServerResponse): void {
  res.socket?.end();
}

/**
 * hang: accept and never answer. The connection is held until the client gives up, the cap
 * (`answer.fault.ms`) passes, or the simulator closes; then it is closed with no response.
 */
function hangConnection(res: ServerResponse, answer: Answer, open: OpenFaults): void {
  const timer = setTimeout(() => res.destroy(), answer.fault?.ms ?? 0);
  open.hold(res, () => clearTimeout(timer));
}

/**
 * truncated: the headers promise more bytes (Content-Length) than are sent, then the
 * connection closes; the client sees a premature end of the body.
 */
function sendTruncated(res: ServerResponse, answer: Answer, open: OpenFaults): void {
  open.hold(res, () => undefined);
  res.writeHead(answer.reply.status, answer.reply.headerList as string[]);
  res.write(answer.reply.body ?? Buffer.alloc(0), () => res.socket?.end());
}

/**
 * drip: the headers at once, then the body in slices spread evenly so the last arrives after
 * `answer.fault.ms`; stops if the client hangs up.
 */
function dripBody(res: ServerResponse, answer: Answer, open: OpenFaults): void {
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
  res.writeHead(answer.reply.status, answer.reply.headerList as string[]);
  if (chunks.length === 0) return void res.end();
  send();
}

/**
 * The faults acted out on the connection. malformed, html, empty-200 and no-card have no action:
 * their bytes are prepared at load and written as any reply is.
 */
export const FAULT_ACTIONS: Readonly<Partial<Record<FaultName, FaultAction>>> = Object.freeze({
  reset: resetConnection,
  close: closeConnection,
  hang: hangConnection,
  truncated: sendTruncated,
  drip: dripBody,
});
