import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { RUNTIME_FILE, type RuntimeTokens } from '../scenario/runtime-tokens';
import type { Answer, CompiledEntry, Reply, ScenarioSet } from '../scenario/scenario-set';
import { describeRecord, type Journal, type JournalEntry, type JournalSlot, type MatchKind } from './journal';
import { nearMisses } from './near-misses';
import type { TokenOrigin } from './request-token';

/** Where finished requests go: the journal, a listener (the CLI's request log), or both. */
export interface RecorderOptions {
  readonly journal?: Journal;
  readonly onRequest?: (entry: JournalEntry) => void;
  /** Runtime tokens count as known tokens for near misses. */
  readonly runtime?: RuntimeTokens;
}

/** What is known when a request is answered; completed when its response closes. */
export interface Pending {
  readonly recorder: RequestRecorder;
  readonly method: string;
  readonly token: string | null;
  readonly origin: TokenOrigin | null;
  /** performance.now() at arrival; with performance.timeOrigin it gives the wall-clock time. */
  readonly started: number;
  readonly socket: Socket;
  /** For a fault, the socket's byte count before it acted; NOT_COUNTED for a reply written whole. */
  readonly bytesBefore: number;
  /** The body bytes of the reply written whole (none for `body: none`). */
  readonly bodyBytes: number;
  readonly set: ScenarioSet;
  readonly entry: CompiledEntry | null;
  readonly answer: Answer | null;
}

const PENDING = Symbol('auth-sim.pending-request');

/**
 * A reply written whole (every answer but a fault) is counted from what was written, not from the
 * socket's counter: reading `socket.bytesWritten` twice a request was most of the journal's cost
 * (it copies the socket's write queue each time), and a response queued behind a pipelined one
 * shares its socket's count with its neighbours. A fault writes what it likes, so the socket
 * counts it (bytesBefore).
 */
const NOT_COUNTED = -1;

/** Node's header block of a response, once written; `headersSent` reads the same field. */
type WithHead = ServerResponse & { readonly _header?: unknown };

/**
 * The bytes of a reply written by writeReply: the head as Node wrote it (latin1, a byte a
 * character) and the body, which HEAD, 204 and 304 never carry. Nothing when no head went out
 * (the caller hung up before a delayed reply). test/server/admin/journal-bytes.test.ts holds it
 * to the bytes a client receives.
 */
function bytesOfReply(res: ServerResponse, method: string, bodyBytes: number): number {
  const head = (res as WithHead)._header;
  if (typeof head !== 'string') return 0;
  const status = res.statusCode;
  if (method === 'HEAD' || status === 204 || status === 304) return head.length;
  return head.length + bodyBytes;
}

type Tracked = ServerResponse & { [PENDING]?: Pending };

/** One shared listener, so tracking a request allocates no closure; `this` is the response. */
function onClose(this: Tracked): void {
  const pending = this[PENDING];
  if (!pending) return;
  this[PENDING] = undefined;
  pending.recorder.finish(pending, this);
}

/**
 * Turns protocol requests into journal records: at once when the reply went out whole as the
 * request was handled (the common case: no listener, no waiting), else when the response closes
 * (delayed, faulted or abandoned). Only created when a journal or a listener wants them, so with
 * neither the request path does no recording work at all.
 */
export class RequestRecorder {
  private readonly namedTokens = new WeakMap<ScenarioSet, string[]>();
  private readonly missFinders = new WeakMap<ScenarioSet, (token: string) => readonly string[]>();
  /** Responses tracked and not yet closed, so a reader can wait for those already sent. */
  private readonly open = new Set<ServerResponse>();
  private seq = 0;

  constructor(private readonly options: RecorderOptions) {}

  /**
   * What is known of a request answered by `entry` with `answer` (null for both: rejected before
   * lookup) and written as `reply` (the answer's, or the rejection); hand it to `sent` once the
   * answer is handed over.
   */
  track(req: IncomingMessage, set: ScenarioSet, token: string | null, origin: TokenOrigin | null, entry: CompiledEntry | null, answer: Answer | null, reply: Reply): Pending {
    const socket = req.socket;
    const bytesBefore = answer !== null && answer.fault !== undefined ? socket.bytesWritten : NOT_COUNTED;
    const bodyBytes = reply.body === null ? 0 : reply.body.length;
    return { recorder: this, method: req.method ?? '', token, origin, started: performance.now(), socket, bytesBefore, bodyBytes, set, entry, answer };
  }

  /**
   * The answer has been handed to the response. Written in full on its own connection: record it
   * now, with nothing attached to the response.
   * Otherwise (a delay, a fault, a pipelined response queued behind another): record it when the
   * response closes.
   */
  sent(res: ServerResponse, pending: Pending): void {
    if (res.writableEnded && res.socket === pending.socket) {
      this.record(pending, res);
      return;
    }
    (res as Tracked)[PENDING] = pending;
    this.open.add(res);
    res.on('close', onClose);
  }

  /**
   * Resolves once every response already sent in full is recorded. A client in the same process
   * can read its answer a turn of the event loop before the server sees the response close.
   */
  async settle(maxTurns = 100): Promise<void> {
    for (let turn = 0; turn < maxTurns && this.hasSentUnrecorded(); turn++) await new Promise((resolve) => setImmediate(resolve));
  }

  private hasSentUnrecorded(): boolean {
    for (const res of this.open) if (res.writableEnded) return true;
    return false;
  }

  /** Completes a tracked request; called once, from the response's 'close'. */
  finish(p: Pending, res: ServerResponse): void {
    this.open.delete(res);
    this.record(p, res);
  }

  private record(p: Pending, res: ServerResponse): void {
    const matched = matchKind(p);
    const journal = this.options.journal;
    const record = journal ? journal.claim() : ({} as JournalSlot);
    record.seq = ++this.seq;
    record.at = performance.timeOrigin + p.started;
    record.method = p.method;
    record.token = keptToken(p);
    record.origin = p.origin;
    record.status = res.headersSent ? res.statusCode : null;
    record.fault = p.answer?.fault?.name ?? null;
    record.delayMs = p.answer?.delayMs ?? 0;
    record.bytes = p.bytesBefore === NOT_COUNTED ? bytesOfReply(res, p.method, p.bodyBytes) : p.socket.bytesWritten - p.bytesBefore;
    record.durationMs = performance.now() - p.started;
    record.matched = matched;
    record.source = p.entry ? p.entry.source : null;
    record.misses = matched === 'fallback' ? this.missFinder(p.set) : null;
    if (this.options.onRequest) this.options.onRequest(describeRecord(record));
  }

  /** Near misses among a set's named tokens (and the runtime tokens when read), one finder per set. */
  private missFinder(set: ScenarioSet): (token: string) => readonly string[] {
    let find = this.missFinders.get(set);
    if (!find) {
      find = (token) => nearMisses(token, this.knownTokens(set));
      this.missFinders.set(set, find);
    }
    return find;
  }

  /** Named tokens of a set (computed once per set) plus the runtime tokens of the moment. */
  private knownTokens(set: ScenarioSet): readonly string[] {
    let named = this.namedTokens.get(set);
    if (!named) {
      named = [...set.entries.keys()];
      this.namedTokens.set(set, named);
    }
    const runtime = this.options.runtime;
    return runtime && runtime.size > 0 ? [...runtime.tokens(), ...named] : named;
  }
}

/**
 * How the request was answered, from the entry alone: an entry carrying a token name answers only
 * that token (lookup found it by name), so no second lookup by token is needed.
 */
function matchKind(p: Pending): MatchKind {
  if (p.entry === null || p.token === null) return 'rejected';
  if (p.entry.source.file === RUNTIME_FILE) return 'admin';
  if (p.entry.token !== undefined) return 'token';
  if (p.entry === p.set.fallback) return 'fallback';
  if (p.entry === p.set.unavailable) return 'unavailable';
  return 'population';
}

/**
 * The token string the ring keeps. Each request brings its own copy; a ring of them keeps a
 * young-generation object alive per request until the ring wraps, and V8 answers that steady
 * survival by doubling its young generation (16 to 32 MB here, +12 MB of RSS under load). A
 * named entry's own name is long-lived and equal to the request's, so the ring keeps that.
 * Other tokens (populations, the fallback) are kept as they come: there is no end to them.
 */
function keptToken(p: Pending): string | null {
  return p.entry?.token ?? p.token;
}

