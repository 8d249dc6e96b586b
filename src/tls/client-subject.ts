import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

/**
 * Reads the subject of each connection's client certificate once ("CN=chat, O=Acme"), for the
 * journal and the log; a keep-alive connection's later requests reuse it. One per simulator.
 */
export function createClientSubjects(): (socket: Socket) => string | null {
  const seen = new WeakMap<Socket, string | null>();
  return (socket) => {
    let subject = seen.get(socket);
    if (subject === undefined) {
      const cert = (socket as TLSSocket).getPeerX509Certificate?.();
      subject = cert ? cert.subject.split('\n').join(', ') : null;
      seen.set(socket, subject);
    }
    return subject;
  };
}
