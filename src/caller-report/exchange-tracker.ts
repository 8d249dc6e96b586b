import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Answer } from '../scenario/compile/scenario-set';
import type { CallerReportStore } from './exchange';

const SEEN = Symbol('auth-sim.caller-connection');
const PENDING = Symbol('auth-sim.caller-exchange');

/** What an exchange still in flight carries until its response closes. */
interface Pending {
  readonly tracker: ExchangeTracker;
  readonly token: string;
  readonly known: boolean;
  readonly method: string;
  readonly answer: string;
  readonly card: boolean;
  readonly arrivedAt: number;
  readonly concurrent: number;
  readonly newConnection: boolean;
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

  constructor(readonly store: CallerReportStore) {}

  /** Call after the answer has been handed to `res`; `arrivedAt` is performance.now() at arrival. */
  sent(
    req: IncomingMessage,
    res: ServerResponse,
    token: string,
    known: boolean,
    answer: Answer,
    arrivedAt: number,
  ): void {
    const socket = req.socket as Socket & { [SEEN]?: true };
    const newConnection = socket[SEEN] === undefined;
    if (newConnection) socket[SEEN] = true;
    const fault = answer.fault;
    const answered = fault === undefined ? String(answer.reply.status) : `fault:${fault.name}`;
    const card = fault === undefined && answer.reply.status === 200 && answer.reply.body !== null;
    const at = performance.timeOrigin + arrivedAt;
    if (res.writableEnded) {
      const endedAt = performance.timeOrigin + performance.now();
      const concurrent = this.inFlight + 1;
      this.store.record({
        token,
        known,
        method: req.method ?? '',
        answer: answered,
        card,
        arrivedAt: at,
        endedAt,
        abandoned: false,
        concurrent,
        newConnection,
      });
      return;
    }
    this.inFlight++;
    (res as Watched)[PENDING] = {
      tracker: this,
      token,
      known,
      method: req.method ?? '',
      answer: answered,
      card,
      arrivedAt: at,
      concurrent: this.inFlight,
      newConnection,
      serverEndsAfter: serverEndsAfter(answer),
    };
    res.once('close', onClose);
  }

  /** The response closed: finished, ended by its fault, or abandoned by the caller. */
  closed(p: Pending, res: ServerResponse): void {
    this.inFlight--;
    const endedAt = performance.timeOrigin + performance.now();
    const abandoned = !res.writableFinished && endedAt - p.arrivedAt < p.serverEndsAfter;
    this.store.record({
      token: p.token,
      known: p.known,
      method: p.method,
      answer: p.answer,
      card: p.card && res.writableFinished,
      arrivedAt: p.arrivedAt,
      endedAt,
      abandoned,
      concurrent: p.concurrent,
      newConnection: p.newConnection,
    });
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
