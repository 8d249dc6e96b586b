import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A handler of the hostile upstream, by token (GET path or POST `token` header). */
export type UpstreamHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** A node:http service written to misbehave, on a free loopback port; it counts what it sent and received. */
export interface HostileUpstream {
  readonly url: string;
  /** Body bytes written per token so far. */
  readonly sent: Map<string, number>;
  /** Request body bytes received per path so far. */
  readonly received: Map<string, number>;
  close(): Promise<void>;
}

const PROTOCOL = '/rest/chat/client/id/';

/** The token a protocol request asks for, as a service reads it. */
function tokenOf(req: IncomingMessage): string {
  const url = req.url ?? '';
  if (url.startsWith(PROTOCOL) && url.length > PROTOCOL.length) return decodeURIComponent(url.slice(PROTOCOL.length));
  return Buffer.from(String(req.headers.token ?? ''), 'latin1').toString('utf8');
}

/**
 * Starts the upstream; `handlers` answer by token, an unknown token gets 404. `streamBytes` in a
 * handler writes that many bytes in 64 KB chunks, respecting backpressure and stopping when the
 * reader goes away.
 */
export async function startHostileUpstream(handlers: Record<string, UpstreamHandler>): Promise<HostileUpstream> {
  const sent = new Map<string, number>();
  const received = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => received.set(req.url ?? '', (received.get(req.url ?? '') ?? 0) + chunk.length));
    const token = tokenOf(req);
    const handler = handlers[token];
    const originalWrite = res.write.bind(res) as (chunk: Buffer | string) => boolean;
    (res as unknown as { write: (chunk: Buffer | string) => boolean }).write = (chunk) => {
      sent.set(token, (sent.get(token) ?? 0) + Buffer.byteLength(chunk));
      return originalWrite(chunk);
    };
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"errorCode":"NOT_FOUND","errorText":"unknown token"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `total` bytes of `fill` in 64 KB chunks with backpressure, then ends; stops if the reader hangs up. */
export function streamBytes(res: ServerResponse, total: number, fill = 0x20): void {
  const chunk = Buffer.alloc(64 * 1024, fill);
  let left = total;
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      if (!res.write(part)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  res.on('close', () => (left = 0));
  pump();
}

/** A JSON 200 card answer for a handler. */
export function jsonAnswer(res: ServerResponse, body: unknown, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
