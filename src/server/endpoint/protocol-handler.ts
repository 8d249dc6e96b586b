import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer, CallerGuard, CompiledEntry, ScenarioSet } from '../../scenario/compile/scenario-set';
import type { RequestRecorder } from './request-recorder';
import { isProtocolUrl, requestToken, type TokenResult } from './request-token';
import { writeReply } from './write-reply';
import type { AnswerRuntime } from './answer-runtime';
import type { TokenSource } from './served-tokens';
import { deliverAnswer } from './deliver-answer';
import type { ExchangeTracker } from '../../caller-report/exchange-tracker';
import type { PassOn } from './pass-on';

/** Handles a request on Node's own objects; false means "not mine", for the next handler. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The protocol endpoints, GET by path and POST by header, as one handler. The server calls it
 * before Express's router (the hot path); the Express app mounts the same function.
 */
export function createProtocolHandler(
  tokens: TokenSource,
  recorder: RequestRecorder | undefined,
  runtime: AnswerRuntime,
  guard?: CallerGuard,
  callers?: ExchangeTracker,
  passOn?: PassOn,
): NodeHandler {
  /** Answers a caller a guard turned away, with the set's `callerAuthFailed:` or the guard's built-in 401. */
  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    set: ScenarioSet,
    found: TokenResult,
    by: CallerGuard,
    refused: string,
    arrivedAt: number,
  ): true => {
    const token = 'token' in found ? found.token : null;
    const origin = 'token' in found ? found.origin : null;
    const entry = set.callerAuthFailed ?? by.refusal;
    const send = (answer: Answer): void => {
      const record = recorder?.track(req, res, { set, token, origin, entry, answer, refused });
      deliverAnswer(res, answer, runtime);
      if (record !== undefined) recorder!.sent(res, record);
      if (callers !== undefined && token !== null)
        callers.sent(req, res, token, set.entries.has(token), answer, arrivedAt);
    };
    return whenAnswered(entry.answer({ token: token ?? '', states: runtime.states }), send, res, runtime);
  };
  return (req, res) => {
    if (!isProtocolUrl(req.url ?? '')) return false;
    // The caller report measures from the arrival.
    const arrivedAt = callers === undefined ? 0 : performance.now();
    // Read once per request, so a reload never splits one.
    const set = tokens.set;
    // The body is not part of the protocol: drain it so the connection can be reused.
    if (req.method === 'POST') req.resume();
    const found = requestToken(req);
    // The service checks its caller before it reads the request (`--caller-auth`, optional client certificates).
    if (guard !== undefined) {
      const refused = guard.check(req);
      if (refused !== null) return refuse(req, res, set, found, guard, refused, arrivedAt);
    }
    if ('reject' in found) {
      const record = recorder?.track(req, res, { set, token: null, origin: null, entry: null, answer: null });
      writeReply(res, found.reject);
      if (record !== undefined) recorder!.sent(res, record);
      return true;
    }
    // An outage answers every token alike (the whole service is down); null when there is none.
    const outage = runtime.outage.entry;
    const entry = outage ?? tokens.resolve(found.token);
    // Hybrid mode: a token nothing here names goes to the real service.
    if (passOn !== undefined && entry === set.fallback) {
      const record = recorder?.track(req, res, {
        set,
        token: found.token,
        origin: found.origin,
        entry: passOn.entry,
        answer: null,
      });
      passOn.forward(req, res);
      if (record !== undefined) recorder!.sent(res, record);
      callers?.proxied(req, res, found.token, arrivedAt);
      return true;
    }
    // A file's `defaults.callerAuth` guards the tokens it answers; null (one read) when no file has one.
    if (set.callerGuards !== null) {
      const fileGuard = set.callerGuards.get(entry.source.file);
      const refused = fileGuard === undefined ? null : fileGuard.check(req);
      if (refused !== null) return refuse(req, res, set, found, fileGuard!, refused, arrivedAt);
    }
    const send = (answer: Answer): void => {
      // Journal and request log: one check when neither is on.
      const record = recorder?.track(req, res, { set, token: found.token, origin: found.origin, entry, answer });
      deliverAnswer(res, answer, runtime);
      if (record !== undefined) recorder!.sent(res, record);
      if (callers === undefined) return;
      // During an outage the report still asks whether the token itself is one the scenarios name.
      const known = isKnown(set, outage === null ? entry : tokens.resolve(found.token), found.token);
      callers.sent(req, res, entry.token ?? found.token, known, answer, arrivedAt, outage !== null);
    };
    return whenAnswered(entry.answer({ token: found.token, states: runtime.states }), send, res, runtime);
  };
}

/**
 * Sends an answer now, or once a shared token memory has given the request its place (only
 * stateful entries on a shared store wait; that store falls back to local state rather than fail).
 */
function whenAnswered(
  answer: Answer | Promise<Answer>,
  send: (answer: Answer) => void,
  res: ServerResponse,
  runtime: AnswerRuntime,
): true {
  if (!(answer instanceof Promise)) {
    send(answer);
    return true;
  }
  answer.then(send, (error: Error) => {
    runtime.report(`could not choose an answer for ${res.req?.url ?? 'a request'}: ${error.message}`);
    res.destroy();
  });
  return true;
}

/** A token some file, population or runtime entry answers, rather than the fallback. */
function isKnown(set: ScenarioSet, entry: CompiledEntry, token: string): boolean {
  if (entry === set.fallback) return false;
  return entry !== set.unavailable || set.entries.has(token);
}
