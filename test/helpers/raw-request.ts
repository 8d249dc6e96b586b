import net from 'node:net';

/** How a raw exchange ended, as the client's socket saw it. */
type RawEnding = 'end' | 'error' | 'timeout';

/** Everything one raw HTTP exchange delivered, byte for byte. */
export interface RawExchange {
  readonly ending: RawEnding;
  /** The socket error code when `ending` is 'error' (ECONNRESET for a reset). */
  readonly code: string | null;
  readonly bytes: Buffer;
  /** Each 'data' event's size, in arrival order. */
  readonly chunks: readonly number[];
  readonly ms: number;
  readonly status: number | null;
  readonly headers: Readonly<Record<string, string>>;
  /** What followed the blank line after the headers. */
  readonly body: Buffer;
}

/**
 * Sends one protocol request on a fresh TCP connection (GET by path, POST by header, with
 * `Connection: close`) and records every byte until the server ends or resets the socket,
 * or `timeoutMs` passes (then the client gives up and destroys its socket).
 */
export function rawRequest(url: string, method: 'GET' | 'POST', token: string, timeoutMs = 3000): Promise<RawExchange> {
  const { hostname } = new URL(url);
  const path = method === 'GET' ? `/rest/chat/client/id/${encodeURIComponent(token)}` : '/rest/chat/client/id/';
  const head = method === 'GET' ? '' : `token: ${token}\r\ncontent-length: 2\r\n`;
  const request = `${method} ${path} HTTP/1.1\r\nhost: ${hostname}\r\n${head}connection: close\r\n\r\n${method === 'POST' ? '{}' : ''}`;
  return rawExchange(url, request, timeoutMs);
}

/**
 * Writes `request`, any text (several pipelined requests, HEAD, a malformed line), on a fresh TCP
 * connection and records every byte until the server ends or resets the socket, or `timeoutMs`
 * passes. The head and body it reports are those of the first response.
 */
export function rawExchange(url: string, request: string, timeoutMs = 3000): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const parts: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let settled = false;
    const finish = (ending: RawEnding, code: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(describe(ending, code, parts, Date.now() - started));
    };
    const timer = setTimeout(() => finish('timeout', null), timeoutMs);
    socket.on('data', (chunk: Buffer) => parts.push(chunk));
    socket.on('end', () => finish('end', null));
    socket.on('error', (error: NodeJS.ErrnoException) => finish('error', error.code ?? null));
    socket.on('close', () => finish('end', null));
  });
}

function describe(ending: RawEnding, code: string | null, parts: Buffer[], ms: number): RawExchange {
  const bytes = Buffer.concat(parts);
  const split = bytes.indexOf('\r\n\r\n');
  const headText = split === -1 ? '' : bytes.subarray(0, split).toString('latin1');
  const [statusLine = '', ...lines] = headText.split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine);
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const body = split === -1 ? Buffer.alloc(0) : bytes.subarray(split + 4);
  return {
    ending,
    code,
    bytes,
    chunks: parts.map((p) => p.length),
    ms,
    status: status ? Number(status[1]) : null,
    headers,
    body,
  };
}
