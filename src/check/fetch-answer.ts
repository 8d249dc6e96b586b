import { performance } from 'node:perf_hooks';
import { PROTOCOL_PATH } from '../protocol/endpoints';
import { readCapped } from './read-capped';

export type Method = 'GET' | 'POST';

/** The largest answer body `check` and `record` read unless told otherwise: far above any card, far below what hurts. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 ** 2;

/** How far one request may reach: `timeoutMs` covers the whole answer, body included; bodies stop at `maxBodyBytes`. */
export interface ReachLimits {
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
}

/**
 * What one request to the service gave: an answer, an answer whose body passed the cap (`head` is
 * what was read; `rest`, when asked for, yields the remainder), a time-out, or a failure before any answer.
 */
export type Outcome =
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly headers: Headers;
      readonly bytes: Buffer;
      readonly ms: number;
    }
  | {
      readonly kind: 'oversize';
      readonly status: number;
      readonly headers: Headers;
      readonly head: Buffer;
      readonly limit: number;
      readonly rest?: ReadableStream<Uint8Array>;
      readonly ms: number;
    }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'failed'; readonly message: string; readonly ms: number };

/**
 * Asks the service for `token` as a chat server does: GET with the token percent-encoded in the
 * path, or POST with it in the `token` header (UTF-8 bytes, which Node's header API takes as a
 * latin1 string).
 */
export async function fetchAnswer(
  baseUrl: string,
  token: string,
  method: Method,
  limits: ReachLimits,
): Promise<Outcome> {
  const url = `${baseUrl.replace(/\/+$/, '')}${PROTOCOL_PATH}/${method === 'GET' ? encodeURIComponent(token) : ''}`;
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'identity' };
  if (method === 'POST') headers.token = Buffer.from(token, 'utf8').toString('latin1');
  return fetchOutcome(url, { method, headers }, limits);
}

/**
 * One request with Node's fetch (undici), redirects not followed. The body is read as it streams
 * and no further than the cap; with `keepRest` an oversize answer keeps the rest of its stream
 * for the caller to pass on (still under the time-out), otherwise the stream is cancelled.
 * `cancel` (a proxy's caller hanging up) aborts it at any point; it then reads as a time-out.
 */
export async function fetchOutcome(
  url: string,
  init: RequestInit,
  limits: ReachLimits,
  keepRest = false,
  cancel?: AbortSignal,
): Promise<Outcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = cancel === undefined ? timeout : AbortSignal.any([timeout, cancel]);
  try {
    const res = await fetch(url, { ...init, signal, redirect: 'manual' });
    const read = await readCapped(res.body, limits.maxBodyBytes, keepRest);
    const { status, headers } = res;
    if (read.complete) return { kind: 'answer', status, headers, bytes: read.bytes, ms: ms() };
    const rest = read.rest ? { rest: read.rest } : {};
    return { kind: 'oversize', status, headers, head: read.bytes, limit: limits.maxBodyBytes, ...rest, ms: ms() };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return { kind: 'timeout', ms: ms() };
    return { kind: 'failed', message: e.cause?.code ?? e.cause?.message ?? e.message, ms: ms() };
  }
}
