import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NodeHandler } from './protocol-handler';

/** A listening server. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes what is left. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Listens with the protocol handler ahead of Express: protocol requests never enter Express's
 * router, everything else (admin API, 404s) does. Port 0 picks a free port.
 */
export function startServer(app: RequestListener, protocol: NodeHandler, port: number, host: string): Promise<RunningServer> {
  const server = createServer((req, res) => {
    if (!protocol(req, res)) app(req, res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({ url: `http://${shownHost}:${address.port}`, port: address.port, server, close: (graceMs) => closeServer(server, graceMs) });
    });
  });
}

/** How long in-flight requests may take to finish once a close begins, unless told otherwise. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5000;

function closeServer(server: Server, graceMs = DEFAULT_SHUTDOWN_GRACE_MS): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
