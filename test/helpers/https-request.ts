import https from 'node:https';
import type { PeerCertificate, TLSSocket } from 'node:tls';

/** What Node's own HTTPS client got: a response, or the error code a failed handshake or connection gave. */
export interface HttpsOutcome {
  readonly status: number | null;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  /** e.g. DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED, ECONNRESET; null when a response came. */
  readonly error: string | null;
  /** The server certificate the client saw, when the handshake got that far. */
  readonly serverCert: PeerCertificate | null;
  /** Whether the request went on a kept-alive connection. */
  readonly reused: boolean;
}

/** Trust and identity for one request: the CA(s) to trust, and a client certificate. */
export interface ClientTls {
  readonly ca?: string | string[];
  readonly cert?: string;
  readonly key?: string;
  readonly agent?: https.Agent;
}

/** A protocol request over HTTPS with Node's https client: GET by path, POST by `token` header (with a JSON body). */
export function protocolRequest(
  url: string,
  method: 'GET' | 'POST',
  token: string,
  tls: ClientTls = {},
  headers: Record<string, string> = {},
): Promise<HttpsOutcome> {
  const path = method === 'GET' ? `/rest/chat/client/id/${encodeURIComponent(token)}` : '/rest/chat/client/id/';
  return httpsRequest(`${url}${path}`, {
    method,
    headers: method === 'POST' ? { ...headers, token, 'content-type': 'application/json' } : headers,
    body: method === 'POST' ? '{}' : undefined,
    ...tls,
  });
}

/** One HTTPS request; never rejects: errors come back as `error`. */
export function httpsRequest(
  url: string,
  options: ClientTls & { method?: string; headers?: Record<string, string>; body?: string },
): Promise<HttpsOutcome> {
  const { agent, ca, cert, key, method = 'GET', headers = {}, body } = options;
  return new Promise((resolve) => {
    let serverCert: PeerCertificate | null = null;
    const req = https.request(url, { method, headers, ca, cert, key, agent: agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? null,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
          error: null,
          serverCert,
          reused: req.reusedSocket,
        }),
      );
      res.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ status: null, headers: {}, text: '', error: error.code ?? error.message, serverCert, reused: false }),
      );
    });
    req.on('socket', (socket) =>
      socket.once('secureConnect', () => (serverCert = (socket as TLSSocket).getPeerCertificate())),
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: null, headers: {}, text: '', error: error.code ?? error.message, serverCert, reused: false }),
    );
    req.end(body);
  });
}
