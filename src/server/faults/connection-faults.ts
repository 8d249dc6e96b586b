import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Answer } from '../../scenario/scenario-set';
import type { OpenFaults } from './open-faults';

/** reset: a TCP RST before any byte; the client sees ECONNRESET. */
export function resetConnection(res: ServerResponse): void {
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
export function closeConnection(res: ServerResponse): void {
  res.socket?.end();
}

/**
 * hang: accept and never answer. The connection is held until the client gives up, the cap
 * (`answer.fault.ms`) passes, or the simulator closes; then it is closed with no response.
 */
export function hangConnection(res: ServerResponse, answer: Answer, open: OpenFaults): void {
  const timer = setTimeout(() => res.destroy(), answer.fault?.ms ?? 0);
  open.hold(res, () => clearTimeout(timer));
}
