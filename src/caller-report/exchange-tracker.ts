import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Answer } from '../scenario/compile/scenario-set';
import type { CallerReportStore, Exchange } from './exchange';
import { FAULT_NAMES, type FaultName } from '../scenario/schema/fault-names';
import { retryAfterOf } from './retry-after';
import { TurnBatch } from '../scenario/base/turn-batch';

/** Read once: a getter on every request costs more than the addition. */
const TIME_ORIGIN = performance.timeOrigin;
/** Every status's key, made once, so recording allocates no string. */
const STATUS_KEYS: readonly string[] = Array.from({ length: 600 }, (_, status) => String(status));
const FAULT_KEYS = Object.fromEntries(FAULT_NAMES.map((name) => [name, `fault:${name}`])) as Record<FaultName, string>;

function statusKey(status: number): string {
  return STATUS_KEYS[status] ?? String(status);
}
const PENDING = Symbol('auth-sim.caller-exchange');

/** Every field an Exchange has, writable while it is in flight. */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * One exchange from its answer to its end: the Exchange it becomes, made once, with what its
 * close needs to finish it (the store and the group read only the Exchange's fields).
 */
interface Pending extends Mutable<Exchange> {
  readonly tracker: ExchangeTracker;
  /** How long after arrival the server itself ends the exchange (a reset, a hang's cap); Infinity when only the caller can. */
  readonly serverEndsAfter: number;
}

type Watched = ServerResponse & { [PENDING]?: Pending };

/**
 * The request path's hook for the caller report. A reply written whole is recorded at once;
 * a delayed reply or a fault gets one shared 'close' listener, which tells a finished answer
 * (the last byte written) from a caller that gave up first.
 */
export class ExchangeTracker {
  private inFlight = 0;
  /** Bumped by reset, so connections count again from then on. */
  private generation = 1;
  /**
   * The generation each connection was last seen in. A WeakMap, not a symbol on the socket: a
   * property added to Node's socket turns it into a dictionary-mode object, and every access Node's
   * HTTP code makes to it slows down (a fifth of a request's instructions under callgrind).
   */
  private readonly seen = new WeakMap<Socket, number>();
  /** Responses still being watched, so a reader can wait for those already over. */
  private readonly pending = new Set<ServerResponse>();
  /** Exchanges ended in this turn, folded at its end (foldEnded). */
  private readonly ended = new TurnBatch<Exchange>((exchanges) => this.foldEnded(exchanges));
  /** Exchanges recorded since the start, bumped on reset too: readers poll it to see a change. */
  private changes = 0;

  /**
   * `ship`, in a group: where each ended exchange goes (a copy) instead of the store; the store
   * then folds only what `adopt` hands it back, in the group's order.
   */
  constructor(
    readonly store: CallerReportStore,
    private readonly ship?: (exchange: Exchange) => void,
  ) {}

  /** A number that differs whenever the report has changed since it was last read. */
  get version(): number {
    return this.changes;
  }

  /** Forgets the report (POST /__admin/reset); a group's report begins at its `since` (epoch ms). */
  async reset(since?: number): Promise<void> {
    this.changes++;
    this.generation++;
    await this.store.reset(since);
  }

  /** Folds an exchange read back from the group's stream (this instance's own included). */
  adopt(exchange: Exchange): void {
    this.changes++;
    this.store.record(exchange);
  }

  /** Folds a turn's ended exchanges (or ships them to the group) in the order they ended. */
  private foldEnded(ended: readonly Exchange[]): void {
    this.changes += ended.length;
    for (const exchange of ended) {
      if (this.ship) this.ship(exchange);
      else this.store.record(exchange);
    }
  }

  /**
   * Call after the answer has been handed to `res`; `arrivedAt` is performance.now() at arrival;
   * `outage`: the answer is the outage's (`POST /__admin/outage`), not the token's own;
   * `session`: the session whose `prefix + token` was asked for.
   */
  sent(
    req: IncomingMessage,
    res: ServerResponse,
    token: string,
    known: boolean,
    answer: Answer,
    arrivedAt: number,
    outage = false,
    session?: string,
  ): void {
    const fault = answer.fault;
    const answered = fault === undefined ? statusKey(answer.reply.status) : FAULT_KEYS[fault.name];
    const card = fault === undefined && answer.reply.status === 200 && answer.reply.body !== null;
    const exchange = this.begin(req, token, known, answered, card, arrivedAt, outage, false, session, answer);
    // Written whole within this turn: it ends now (a first request compiles its entry first).
    if (res.writableEnded) this.end(exchange, res, true);
    else this.watch(res, exchange);
  }

  /**
   * A request for a token no entry names, passed to the real service (`serve --proxy`): recorded
   * when its response closes, with the status the service gave (`none` if the caller hung up first).
   */
  proxied(req: IncomingMessage, res: ServerResponse, token: string, arrivedAt: number): void {
    this.watch(res, this.begin(req, token, false, '', false, arrivedAt, false, true, undefined, undefined));
  }

  /** The exchange as it is known when its answer is chosen; end() completes it. */
  private begin(
    req: IncomingMessage,
    token: string,
    known: boolean,
    answer: string,
    card: boolean,
    arrivedAt: number,
    outage: boolean,
    proxied: boolean,
    session: string | undefined,
    chosen: Answer | undefined,
  ): Pending {
    return {
      tracker: this,
      token,
      known,
      method: req.method ?? '',
      answer,
      card,
      arrivedAt: TIME_ORIGIN + arrivedAt,
      endedAt: 0,
      abandoned: false,
      concurrent: this.inFlight + 1,
      newConnection: this.isNewConnection(req),
      outage,
      proxied,
      session,
      retryAfterMs: chosen === undefined ? undefined : retryAfterOf(chosen.reply),
      serverEndsAfter: chosen === undefined ? Infinity : serverEndsAfter(chosen),
    };
  }

  private isNewConnection(req: IncomingMessage): boolean {
    const fresh = this.seen.get(req.socket) !== this.generation;
    if (fresh) this.seen.set(req.socket, this.generation);
    return fresh;
  }

  private watch(res: ServerResponse, pending: Pending): void {
    this.inFlight++;
    (res as Watched)[PENDING] = pending;
    this.pending.add(res);
    res.once('close', onClose);
  }

  /**
   * Resolves once exchanges already over are recorded: a caller in the same process can see its
   * answer, or abort, a turn of the event loop before the server sees the response close.
   */
  async settle(maxTurns = 100): Promise<void> {
    for (let turn = 0; turn < maxTurns && this.hasEndedUnrecorded(); turn++)
      await new Promise((resolve) => setImmediate(resolve));
    this.ended.flush();
  }

  private hasEndedUnrecorded(): boolean {
    for (const res of this.pending)
      if (res.writableFinished || res.socket === null || res.socket.destroyed) return true;
    return false;
  }

  /** The response closed: finished, ended by its fault, or abandoned by the caller. */
  closed(p: Pending, res: ServerResponse): void {
    this.inFlight--;
    this.pending.delete(res);
    this.end(p, res, res.writableFinished);
  }

  /**
   * Completes an exchange now that it is over, and folds it at the end of the turn. `finished`:
   * its last byte is written (or, for a reply written whole, handed to the connection).
   */
  private end(x: Pending, res: ServerResponse, finished: boolean): void {
    x.endedAt = TIME_ORIGIN + performance.now();
    x.abandoned = !finished && x.endedAt - x.arrivedAt < x.serverEndsAfter;
    if (x.proxied) {
      x.answer = res.headersSent ? statusKey(res.statusCode) : 'none';
      x.card = res.statusCode === 200;
    }
    x.card &&= finished;
    if (!res.headersSent) x.retryAfterMs = undefined;
    this.ended.add(x);
  }
}

/** Shared, so watching a response allocates no closure; `this` is the response. */
function onClose(this: Watched): void {
  const pending = this[PENDING];
  if (pending === undefined) return;
  this[PENDING] = undefined;
  pending.tracker.closed(pending, this);
}

/**
 * When the server closes the connection itself: reset, close and truncated once the delay is
 * over, hang at its cap. Before that moment, a close is the caller's; drip and plain answers
 * end with their last byte, so any close before it is the caller's too.
 */
function serverEndsAfter(answer: Answer): number {
  const fault = answer.fault;
  if (fault === undefined) return Infinity;
  if (fault.name === 'reset' || fault.name === 'close' || fault.name === 'truncated') return answer.delayMs;
  if (fault.name === 'hang') return answer.delayMs + fault.ms;
  return Infinity;
}
