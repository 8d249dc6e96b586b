import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { WireOptions } from '../protocol/wire-encode';
import { checkAnswer } from '../check/check-answer';
import { fetchOutcome, type Method, type Outcome, type ReachLimits } from '../check/fetch-answer';
import type { Finding } from '../check/finding';
import { errorReply } from '../scenario/compile/build-reply';
import { isProtocolUrl, requestToken } from '../server/endpoint/request-token';
import { writeReply } from '../server/endpoint/deliver-answer';
import { formatByteSize } from '../scenario/base/size-limits';
import { forwardedAnswerHeaders, forwardedRequestHeaders } from './forward-headers';
import { proxyTarget, type ProxyTarget } from './proxy-target';
import { upstreamProtocolPath } from './upstream-path';
import type { AddResult, Recorder } from './recorder';
import { proxyEntry, type PassOn } from '../server/endpoint/pass-on';

/** What the proxy reports per protocol request it passed on; the CLI prints it. */
export interface ProxyEvent {
  readonly token: string;
  readonly method: Method;
  readonly outcome: Outcome;
  readonly findings: readonly Finding[];
  readonly recorded?: AddResult;
}

export interface RecordProxyOptions {
  /** The service's base URL (checked with proxyTarget); credentials in it go as `authorization`, never shown. */
  readonly target: string;
  readonly wire: WireOptions;
  /** The time-out covers each answer whole; request and answer bodies stop at `maxBodyBytes`. */
  readonly limits: ReachLimits;
  /** Absent in hybrid mode (`serve --proxy`): answers are passed back and checked, never recorded. */
  readonly recorder?: Recorder;
  readonly onEvent: (event: ProxyEvent) => void;
}

/**
 * A request listener that passes every request on to `target` and the answer back unchanged
 * (status, headers, body bytes, after as long as the service took), and records protocol answers.
 * An answer body past the cap is streamed on unrecorded; a request body past it gets a 413.
 */
export function createRecordProxy(options: RecordProxyOptions): RequestListener {
  const target = checkedTarget(options.target);
  return (req, res) => {
    // A caller that hangs up mid-request is gone: nothing to answer, and no reason to stop recording.
    forward(req, res, target, options, req.url ?? '/').catch(() => res.destroy());
  };
}

/**
 * Hybrid mode's half of `serve --proxy`: what the simulator's own request path hands a token that no
 * entry names. The request's body was drained (the protocol has none), so none is sent on.
 */
export function createPassOn(options: RecordProxyOptions): PassOn {
  const target = checkedTarget(options.target);
  return {
    entry: proxyEntry(target.base),
    forward: (req, res) => {
      // Only the protocol's own path goes out, rebuilt from the token: never a path of the caller's making.
      const path = upstreamProtocolPath(req);
      if (typeof path !== 'string') return writeReply(res, path.reject);
      void forward(req, res, target, options, path, NO_BODY).catch(() => res.destroy());
    },
  };
}

const NO_BODY = Buffer.alloc(0);

/** The target of a URL the CLI already checked; a wrong one here is a programming error. */
function checkedTarget(url: string): ProxyTarget {
  const target = proxyTarget('target', url);
  if ('problem' in target) throw new Error(target.problem);
  return target;
}

async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  target: ProxyTarget,
  options: RecordProxyOptions,
  path: string,
  drained?: Buffer,
): Promise<void> {
  // A caller that hangs up cancels the request to the service: nobody is left to read its answer.
  const hungUp = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) hungUp.abort();
  });
  const body = drained ?? (await readRequestBody(req, options.limits.maxBodyBytes));
  if (body === undefined)
    return writeReply(
      res,
      errorReply({
        status: 413,
        errorCode: 'PAYLOAD_TOO_LARGE',
        errorText: `the request body is larger than ${formatByteSize(options.limits.maxBodyBytes)} (--max-body)`,
        headers: { connection: 'close' },
      }),
    );
  const init = {
    method: req.method,
    headers: forwardedRequestHeaders(req, target.authorization),
    ...(body.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? { body } : {}),
  };
  const outcome = await fetchOutcome(target.base + path, init, options.limits, true, hungUp.signal);
  if (hungUp.signal.aborted) return;
  noteProtocolAnswer(req, outcome, options);
  await reply(res, outcome, target, options);
}

/**
 * How long the rest of a refused request body is still read and dropped before the 413: answered
 * while its sender is still writing, the connection closes under it, and the sender sees a reset
 * instead of the 413. A sender that goes on past this gets the 413 and the close all the same.
 */
const DRAIN_REFUSED_MS = 5000;

/** The request body, or undefined when it passes `maxBytes` (the rest is then read and dropped, see DRAIN_REFUSED_MS). */
function readRequestBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let draining: NodeJS.Timeout | undefined;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else if (draining === undefined) {
        chunks.length = 0;
        draining = setTimeout(() => resolve(undefined), DRAIN_REFUSED_MS);
      }
    });
    req.once('end', () => {
      clearTimeout(draining);
      resolve(size > maxBytes ? undefined : Buffer.concat(chunks, size));
    });
    req.once('error', (error) => {
      clearTimeout(draining);
      reject(error);
    });
  });
}

async function reply(
  res: ServerResponse,
  outcome: Outcome,
  target: ProxyTarget,
  options: RecordProxyOptions,
): Promise<void> {
  if (outcome.kind === 'timeout')
    return writeReply(
      res,
      errorReply({
        status: 504,
        errorCode: 'GATEWAY_TIMEOUT',
        errorText: `${target.base} did not answer within ${options.limits.timeoutMs} ms`,
      }),
    );
  if (outcome.kind === 'failed')
    return writeReply(
      res,
      errorReply({ status: 502, errorCode: 'BAD_GATEWAY', errorText: `${target.base} failed: ${outcome.message}` }),
    );
  const headers = forwardedAnswerHeaders(outcome.headers);
  if (outcome.kind === 'oversize') {
    res.writeHead(outcome.status, headers);
    res.write(outcome.head);
    if (outcome.rest) await pipeline(Readable.fromWeb(outcome.rest as import('node:stream/web').ReadableStream), res);
    else res.end();
    return;
  }
  res.writeHead(outcome.status, { ...headers, 'content-length': outcome.bytes.length });
  res.end(outcome.bytes);
}

/** Checks a protocol answer as `check` does and records it; other paths are only passed on. */
function noteProtocolAnswer(req: IncomingMessage, outcome: Outcome, options: RecordProxyOptions): void {
  if (!isProtocolUrl(req.url ?? '') || (req.method !== 'GET' && req.method !== 'POST')) return;
  const parsed = requestToken(req);
  if (!('token' in parsed)) return;
  const { token } = parsed;
  const method: Method = req.method;
  const findings = checkAnswer(outcome, 'known', options.wire, options.limits.timeoutMs).map((f) => ({
    ...f,
    token,
    method,
  }));
  // An oversize answer is passed on, never recorded: a scenario entry of that size would not be a card.
  const recorded = outcome.kind === 'answer' && options.recorder ? options.recorder.add(token, outcome) : undefined;
  options.onEvent({ token, method, outcome, findings, ...(recorded ? { recorded } : {}) });
}
