import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { buffer } from 'node:stream/consumers';
import type { WireOptions } from '../protocol/wire-encode';
import { checkAnswer } from '../check/check-answer';
import { fetchOutcome, type Method, type Outcome } from '../check/fetch-answer';
import type { Finding } from '../check/finding';
import { errorReply } from '../server/endpoint/error-reply';
import { isProtocolUrl, requestToken } from '../server/endpoint/request-token';
import { writeReply } from '../server/endpoint/write-reply';
import { HOP_RESPONSE } from './entry-from-answer';
import type { AddResult, Recorder } from './recorder';

/** What the proxy reports per protocol request it passed on; the CLI prints it. */
export interface ProxyEvent {
  readonly token: string;
  readonly method: Method;
  readonly outcome: Outcome;
  readonly findings: readonly Finding[];
  readonly recorded?: AddResult;
}

export interface RecordProxyOptions {
  readonly target: string;
  readonly wire: WireOptions;
  readonly timeoutMs: number;
  readonly recorder: Recorder;
  readonly onEvent: (event: ProxyEvent) => void;
}

/** Request headers that belong to one hop, not to the request: the proxy sets its own. */
const HOP_REQUEST = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
  'upgrade',
]);

/**
 * A request listener that passes every request on to `target` and the answer back unchanged
 * (status, headers, body bytes, after as long as the service took), and records protocol answers.
 */
export function createRecordProxy(options: RecordProxyOptions): RequestListener {
  const base = options.target.replace(/\/+$/, '');
  return (req, res) => {
    // A caller that hangs up mid-request is gone: nothing to answer, and no reason to stop recording.
    forward(req, res, base, options).catch(() => res.destroy());
  };
}

async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
  options: RecordProxyOptions,
): Promise<void> {
  const body = await buffer(req);
  const init = {
    method: req.method,
    headers: requestHeaders(req),
    ...(body.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? { body } : {}),
  };
  const outcome = await fetchOutcome(base + (req.url ?? '/'), init, options.timeoutMs);
  reply(res, outcome, options);
  noteProtocolAnswer(req, outcome, options);
}

function reply(res: ServerResponse, outcome: Outcome, options: RecordProxyOptions): void {
  if (outcome.kind === 'timeout')
    return writeReply(
      res,
      errorReply(504, 'GATEWAY_TIMEOUT', `${options.target} did not answer within ${options.timeoutMs} ms`),
    );
  if (outcome.kind === 'failed')
    return writeReply(res, errorReply(502, 'BAD_GATEWAY', `${options.target} failed: ${outcome.message}`));
  const headers = Object.fromEntries([...outcome.headers].filter(([name]) => !HOP_RESPONSE.has(name)));
  writeReply(res, {
    status: outcome.status,
    headers: { ...headers, 'content-length': outcome.bytes.length },
    body: outcome.bytes,
  });
}

/** Checks a protocol answer as `check` does and records it; other paths are only passed on. */
function noteProtocolAnswer(req: IncomingMessage, outcome: Outcome, options: RecordProxyOptions): void {
  if (!isProtocolUrl(req.url ?? '') || (req.method !== 'GET' && req.method !== 'POST')) return;
  const parsed = requestToken(req);
  if (!('token' in parsed)) return;
  const { token } = parsed;
  const method: Method = req.method;
  const findings = checkAnswer(outcome, 'known', options.wire, options.timeoutMs).map((f) => ({ ...f, token, method }));
  const recorded = outcome.kind === 'answer' ? options.recorder.add(token, outcome) : undefined;
  options.onEvent({ token, method, outcome, findings, ...(recorded ? { recorded } : {}) });
}

/** The request's own headers, each repeated one as one comma-joined value (headersDistinct keeps them all, in order). */
function requestHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  for (const [name, values = []] of Object.entries(req.headersDistinct)) {
    if (!HOP_REQUEST.has(name)) headers[name] = values.join(', ');
  }
  return headers;
}
