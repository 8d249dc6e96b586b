import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer, CallerGuard, CompiledEntry } from '../../scenario/compile/scenario-set';
import type { ExchangeTracker } from '../../caller-report/exchange-tracker';
import type { Lookup, RequestRecorder } from './request-recorder';
import { isProtocolUrl, requestToken, type TokenResult } from './request-token';
import type { AnswerRuntime } from './answer-runtime';
import type { TokenSource } from './served-tokens';
import { deliverAnswer, NOT_COUNTED } from './deliver-answer';
import type { PassOn } from './pass-on';
import type { Session } from './session';
import type { Sessions } from './sessions';

/** Handles a request on Node's own objects; false means "not mine", for the next handler. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** One request on its way: what is known of it (the journal's Lookup), filled in step by step. */
interface Walk extends Lookup {
  entry: CompiledEntry | null;
  answer: Answer | null;
  refused: string | undefined;
  /** Answered by an outage (`POST /outage`) rather than the token's own entry. */
  outage: boolean;
  /** The token as answered: the requested one, or T for a session's `prefix + T`. */
  name: string;
  session: Session | undefined;
}

/**
 * The protocol endpoints, GET by path and POST by header, as one handler: the whole walk of a
 * request reads top to bottom here. The server calls it before Express's router (the hot path);
 * the Express app mounts the same function.
 */
export function createProtocolHandler(
  tokens: TokenSource,
  recorder: RequestRecorder | undefined,
  runtime: AnswerRuntime,
  guard?: CallerGuard,
  callers?: ExchangeTracker,
  passOn?: PassOn,
): NodeHandler {
  return (req, res) => {
    if (!isProtocolUrl(req.url ?? '')) return false;
    // The body is not part of the protocol: drain it so the connection can be reused.
    if (req.method === 'POST') req.resume();
    // 1. Match: the token from the path (GET) or the `token` header (POST), or a 400/405 reply.
    const found = requestToken(req);
    const walk: Walk = {
      // Read once per request, so a reload never splits one.
      set: tokens.set,
      token: 'token' in found ? found.token : null,
      origin: 'token' in found ? found.origin : null,
      entry: null,
      answer: null,
      refused: undefined,
      outage: false,
      session: undefined,
      name: 'token' in found ? found.token : '',
      // 0 when neither the journal nor the caller report is on: then nothing reads a clock.
      arrivedAt: callers === undefined && recorder === undefined ? 0 : performance.now(),
    };
    if (walk.arrivedAt !== 0) runtime.traffic.lastArrivalAt = walk.arrivedAt;
    // A session's `prefix + T` answers as T would, from the session's own state; a group's
    // session not yet known here is looked up in Redis once.
    if (walk.token !== null && runtime.sessions.mayMatch) {
      const later = inSession(walk, runtime.sessions);
      if (later !== undefined) {
        later.then(
          () => resolve(req, res, walk, found),
          (error: Error) => {
            runtime.report(`could not look up the session of ${res.req?.url ?? 'a request'}: ${error.message}`);
            res.destroy();
          },
        );
        return true;
      }
    }
    return resolve(req, res, walk, found);
  };

  /** 2. Resolve: the caller checked, then the entry that answers the token (or a rejection). */
  function resolve(req: IncomingMessage, res: ServerResponse, walk: Walk, found: TokenResult): true {
    // The service checks its caller before it reads the request (`--caller-auth`, optional client certificates).
    if (guard !== undefined && isRefused(req, walk, guard)) return answer(req, res, walk);
    if ('reject' in found) {
      walk.answer = found.reject;
      return send(req, res, walk);
    }
    // An outage answers every token alike; else runtime tokens (a session's first), named tokens, populations, the fallback.
    const outage = runtime.outage.entry;
    walk.outage = outage !== null;
    walk.entry = outage ?? walk.session?.runtimeIfAny?.get(walk.name) ?? tokens.resolve(walk.name);
    // Hybrid mode: a token nothing here names goes to the real service.
    if (passOn !== undefined && walk.entry === walk.set.fallback) {
      walk.entry = passOn.entry;
      return send(req, res, walk);
    }
    // A file's `defaults.callerAuth` guards the tokens it answers; null (one read) when no file has one.
    const fileGuard = walk.set.callerGuards?.get(walk.entry.source.file);
    if (fileGuard !== undefined) isRefused(req, walk, fileGuard);
    return answer(req, res, walk);
  }

  /**
   * 3. Answer: the entry picks this request's answer from the token's state (sequence, expiry,
   * chance). Only a stateful entry on a shared store answers later; it falls back to local state
   * rather than fail, so a failure here is reported and the connection closed.
   */
  function answer(req: IncomingMessage, res: ServerResponse, walk: Walk): true {
    const states = walk.session?.states ?? runtime.states;
    const picked = walk.entry!.answer({ token: walk.name, states });
    if (!(picked instanceof Promise)) {
      walk.answer = picked;
      return send(req, res, walk);
    }
    picked.then(
      (later) => {
        walk.answer = later;
        send(req, res, walk);
      },
      (error: Error) => {
        runtime.report(`could not choose an answer for ${res.req?.url ?? 'a request'}: ${error.message}`);
        res.destroy();
      },
    );
    return true;
  }

  /**
   * 4. Write and 5. record: the journal's record starts before the first byte, the answer goes on
   * the socket (or the request to the real service), the record completes when the bytes are out,
   * and the caller report hears of every answered token.
   */
  function send(req: IncomingMessage, res: ServerResponse, walk: Walk): true {
    // Journal and request log: one check when neither is on.
    const record = recorder?.track(req, res, walk);
    let written = NOT_COUNTED;
    if (walk.answer !== null) written = deliverAnswer(res, walk.answer, runtime);
    else passOn!.forward(req, res);
    if (record !== undefined) recorder!.sent(res, record, written);
    if (callers === undefined || walk.token === null || walk.entry === null) return true;
    if (walk.answer === null) callers.proxied(req, res, walk.token, walk.arrivedAt);
    else
      callers.sent(
        req,
        res,
        walk.entry.token ?? walk.name,
        isKnown(walk, tokens),
        walk.answer,
        walk.arrivedAt,
        walk.outage,
        walk.session?.id,
      );
    return true;
  }
}

/**
 * A request for a session's `prefix + T`: answered as T, the session marked used. A promise
 * only for a group's session this instance has not heard of yet.
 */
function inSession(walk: Walk, sessions: Sessions): Promise<void> | undefined {
  const session = sessions.match(walk.name);
  if (session !== undefined) return void enterSession(walk, session, sessions);
  return sessions.matchLater(walk.name)?.then((found) => {
    if (found !== undefined) enterSession(walk, found, sessions);
  });
}

function enterSession(walk: Walk, session: Session, sessions: Sessions): void {
  walk.session = session;
  walk.name = walk.name.slice(session.prefix.length);
  sessions.touch(session);
  session.lastArrivalAt = walk.arrivedAt === 0 ? performance.now() : walk.arrivedAt;
}

/** Whether `guard` turns the caller away; if so the walk is answered with the set's `callerAuthFailed:` or the guard's built-in 401. */
function isRefused(req: IncomingMessage, walk: Walk, guard: CallerGuard): boolean {
  const refused = guard.check(req);
  if (refused === null) return false;
  walk.refused = refused;
  walk.entry = walk.set.callerAuthFailed ?? guard.refusal;
  return true;
}

/** A token some file, population or runtime entry answers, rather than the fallback; during an outage, its own entry decides. */
function isKnown(walk: Walk, tokens: TokenSource): boolean {
  const { set, name, refused } = walk;
  const entry = walk.outage ? (walk.session?.runtimeIfAny?.get(name) ?? tokens.resolve(name)) : walk.entry;
  if (refused !== undefined || entry === set.unavailable) return set.entries.has(name);
  return entry !== set.fallback;
}
