import type { Reply } from '../scenario/compile/scenario-set';

/**
 * How much sooner than asked a request may come and still count as honouring Retry-After: a
 * caller's timer may fire a millisecond or so early on Node's loop time, and the gap is measured
 * here, from the answer's last byte to the next request's arrival.
 */
const RETRY_AFTER_GRACE_MS = 10;
/** Early requests kept per token, with their gap and the wait asked: the first ones. */
const KEPT_EARLY = 50;

/** One request that came back sooner than the Retry-After before it asked. */
interface EarlyRequest {
  /** From the end of the answer that asked to this request's arrival. */
  readonly gapMs: number;
  readonly askedMs: number;
}

/** What the caller report says of a token's Retry-After answers and the requests after them. */
export interface RetryAfterFigures {
  /** Answers that carried Retry-After (a `rateLimit:`'s, or an entry's own header). */
  readonly asked: number;
  /** Requests that came at least as long after such an answer as it asked. */
  readonly honoured: number;
  /** Requests that came sooner. */
  readonly early: number;
  /** The first early ones: their gap and the wait asked. */
  readonly earlyGaps: readonly EarlyRequest[];
}

/** A token's Retry-After tally, with the answer whose next request is still to come. */
export interface RetryAfterTally {
  asked: number;
  honoured: number;
  early: number;
  earlyGaps: EarlyRequest[];
  /** The wait the last such answer asked (-1: none waiting to be judged) and when it ended. */
  waitMs: number;
  askedEnd: number;
}

/** The figures of a token that never got a Retry-After. */
const NO_RETRY_AFTER: RetryAfterFigures = Object.freeze({ asked: 0, honoured: 0, early: 0, earlyGaps: [] });

/**
 * The wait a reply's Retry-After asks, in milliseconds (RFC 9110, 10.2.3: whole seconds or an
 * HTTP date, read against now); undefined without one, or with one no client could read.
 */
export function retryAfterOf(reply: Reply): number | undefined {
  const value = reply.headers['retry-after'];
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Folds one exchange of a token in: it is judged against the answer before it that asked for a
 * wait, if it arrived after that answer ended (one that arrived sooner could not have read it);
 * then, if it carried Retry-After itself, the next request is judged against it.
 */
export function foldRetryAfter(
  t: RetryAfterTally | null,
  arrivedAt: number,
  endedAt: number,
  askedMs: number | undefined,
): RetryAfterTally | null {
  if (t !== null && t.waitMs >= 0 && arrivedAt >= t.askedEnd) {
    const gapMs = arrivedAt - t.askedEnd;
    if (gapMs + RETRY_AFTER_GRACE_MS >= t.waitMs) t.honoured++;
    else {
      t.early++;
      if (t.earlyGaps.length < KEPT_EARLY) t.earlyGaps.push({ gapMs: Math.round(gapMs * 10) / 10, askedMs: t.waitMs });
    }
    t.waitMs = -1;
  }
  if (askedMs === undefined || !(askedMs >= 0)) return t;
  const tally = t ?? { asked: 0, honoured: 0, early: 0, earlyGaps: [], waitMs: -1, askedEnd: 0 };
  tally.asked++;
  tally.waitMs = askedMs;
  tally.askedEnd = endedAt;
  return tally;
}

/** The figures as the report shows them (copies, so the tally folds on unseen). */
export function retryAfterFigures(t: Readonly<RetryAfterTally> | null): RetryAfterFigures {
  if (t === null) return NO_RETRY_AFTER;
  return { asked: t.asked, honoured: t.honoured, early: t.early, earlyGaps: [...t.earlyGaps] };
}
