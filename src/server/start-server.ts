// Namespace imports, not default ones: these types reach the public .d.ts, and a user's project
// without esModuleInterop refuses `import http from 'node:http'` there.
import * as http from 'node:http';
import type { TlsOptions } from 'node:tls';
import type { AddressInfo, Socket } from 'node:net';
import type { NodeHandler } from './endpoint/protocol-handler';
// A type only: node:https (and node:tls behind it) loads only to serve HTTPS.
import type * as HttpsModule from 'node:https';

/** A listening server. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** An https.Server when serving TLS (it has every http.Server method). */
  readonly server: http.Server;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes what is left. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Listens with the protocol handler ahead of Express: protocol requests never enter Express's
 * router, everything else (admin API, 404s) does. Port 0 picks a free port. With `tls`, the same
 * handlers serve HTTPS (both endpoints and the admin API).
 */
export function startServer(
  app: http.RequestListener,
  protocol: NodeHandler,
  port: number,
  host: string,
  tls?: TlsOptions,
  silentConnectionMs = DEFAULT_SILENT_CONNECTION_MS,
): Promise<RunningServer> {
  const listener: http.RequestListener = (req, res) => {
    if (!protocol(req, res)) app(req, res);
  };
  // https.Server shares http.Server's request and connection methods; the cast says so to the types.
  const server = tls
    ? ((require('node:https') as typeof HttpsModule).createServer(tls, listener) as unknown as http.Server)
    : http.createServer(listener);
  // Plain HTTP only: TLS has its own limit for a silent caller (the handshake time-out), and its
  // wrapped connection no longer sees the traffic this timer watches.
  if (!tls) server.on('connection', (socket: Socket) => closeIfSilent(socket, silentConnectionMs));
  const scheme = tls ? 'https' : 'http';
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `${scheme}://${shownHost}:${address.port}`,
        port: address.port,
        server,
        close: (graceMs) => closeServer(server, graceMs),
      });
    });
  });
}

/**
 * How long a new connection may send nothing at all before it is closed: Node's headersTimeout
 * (the header-drip limit, 60 s) starts only with a request's first byte, so a connection that never
 * sends one would otherwise be held forever.
 */
const DEFAULT_SILENT_CONNECTION_MS = 60_000;

/**
 * A timer of its own rather than `socket.setTimeout` plus a 'data' listener: Node's HTTP server
 * reads a connection in C++ (llhttp consumes the stream) until someone listens for 'data', and
 * such a listener moved every request of the connection back through JavaScript streams.
 */
function closeIfSilent(socket: Socket, ms: number): void {
  const timer = setTimeout(() => {
    if (socket.bytesRead === 0) socket.destroy();
  }, ms);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** How long in-flight requests may take to finish once a close begins, unless told otherwise. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5000;

/**
 * How often a closing server closes the connections that have gone idle: close() closes those idle
 * at the start, but a keep-alive connection whose request was still in flight turns idle later
 * and would hold the close until its keep-alive time-out or the grace ran out. Node has no event
 * for "this connection is idle now", so the close sweeps for them.
 */
const IDLE_SWEEP_MS = 20;

function closeServer(server: http.Server, graceMs = DEFAULT_SHUTDOWN_GRACE_MS): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}
