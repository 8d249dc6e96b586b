import { PROTOCOL_PATH } from '../protocol/endpoints';

export type Method = 'GET' | 'POST';

/** What one request to the service gave: an answer, a time-out, or a failure before any answer. */
export type Outcome =
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly headers: Headers;
      readonly bytes: Buffer;
      readonly ms: number;
    }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'failed'; readonly message: string; readonly ms: number };

/**
 * Asks the service for `token` as a chat server does: GET with the token percent-encoded in the
 * path, or POST with it in the `token` header (UTF-8 bytes, which Node's header API takes as a
 * latin1 string).
 */
export async function fetchAnswer(baseUrl: string, token: string, method: Method, timeoutMs: number): Promise<Outcome> {
  const url = `${baseUrl.replace(/\/+$/, '')}${PROTOCOL_PATH}/${method === 'GET' ? encodeURIComponent(token) : ''}`;
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'identity' };
  if (method === 'POST') headers.token = Buffer.from(token, 'utf8').toString('latin1');
  return fetchOutcome(url, { method, headers }, timeoutMs);
}

/** One request with Node's fetch (undici), redirects not followed; `timeoutMs` covers the whole answer, body included. */
export async function fetchOutcome(url: string, init: RequestInit, timeoutMs: number): Promise<Outcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { kind: 'answer', status: res.status, headers: res.headers, bytes, ms: ms() };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return { kind: 'timeout', ms: ms() };
    return { kind: 'failed', message: e.cause?.code ?? e.cause?.message ?? e.message, ms: ms() };
  }
}
