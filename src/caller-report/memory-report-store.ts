import { performance } from 'node:perf_hooks';
import type { CallerAggregates, CallerReportStore, Exchange, TimelineMark, TokenAggregate } from './exchange';
import { plainRecordOf } from './plain-record';
import { foldRetryAfter, type RetryAfterTally } from './retry-after';

/** How many tokens are tracked one by one unless told otherwise (`--report-tokens`). */
export const DEFAULT_REPORT_TOKENS = 10_000;
/** Gaps and time-outs kept per token: the first ones. */
const KEPT_PER_TOKEN = 50;
/** Overall time-outs kept for the median. */
const KEPT_OVERALL = 1000;
/** Tokens longer than this are counted with the untracked ones: a key is kept per tracked token. */
const MAX_TRACKED_TOKEN_LENGTH = 256;

/** A mark's flags: abandoned, and answered during an outage or by the real service. */
const ABANDONED = 1;
const OUTAGE = 2;
const PROXIED = 4;

/**
 * A token's running tally; its previous exchange decides whether the next one is a retry. Its
 * timeline is kept flat, three slots a mark (tenths of a millisecond since the report began, a
 * small integer; the answer; the flags), and read as TimelineMark tuples only when a report is
 * built: a tuple and its boxed time per request were ~4 KB a token, 4 MB of the heap at 1,000
 * tokens (bench/README.md, peak RSS).
 */
class Tally implements TokenAggregate {
  calls = 0;
  /**
   * The first answer and method seen and their counts, in the tally itself; any other in a Map
   * made when it first comes. A token nearly always gets one answer and one method, and a Map and
   * a record of its own were two more objects each request touched, cache misses at 1,000 random
   * tokens (without them: +1.9% requests/s, 8 interleaved rounds; bench/README.md).
   */
  firstAnswer = '';
  firstAnswerCount = 0;
  otherAnswers: Map<string, number> | null = null;
  firstMethod = '';
  firstMethodCount = 0;
  otherMethods: Map<string, number> | null = null;
  retries = 0;
  /** Empty until the first one, shared (NONE) so a token asked for once pays no arrays. */
  gapsMs: number[] = NONE;
  abandonedAfterMs: number[] = NONE;
  callsAfterCard = 0;
  outage = 0;
  proxied = 0;
  marks: (number | string)[] = NONE;
  /** Marks kept, counted here so a full timeline is not touched again. */
  marked = 0;
  /** The latest end among its exchanges, and whether that exchange gave a card. */
  lastEnd = -Infinity;
  lastCard = true;
  /** When it was first answered with a card; Infinity before. */
  cardAt = Infinity;
  /** null until an answer carries Retry-After. */
  retryAfter: RetryAfterTally | null = null;

  constructor(public known: boolean) {}

  /** Each answer and its count, in the order they first came (a Map: a numeric key like "404" gives an object a 405-slot elements store). */
  get statuses(): Map<string, number> {
    return countsOf(this.firstAnswer, this.firstAnswerCount, this.otherAnswers);
  }

  get methods(): Record<string, number> {
    return plainRecordOf(countsOf(this.firstMethod, this.firstMethodCount, this.otherMethods));
  }

  /** The marks as the report gives them: a fourth element only for the marked ones, to keep the stream small. */
  get timeline(): TimelineMark[] {
    const marks: TimelineMark[] = [];
    for (let i = 0; i < this.marks.length; i += 3) {
      const at = (this.marks[i] as number) / 10;
      const answer = this.marks[i + 1] as string;
      const flags = this.marks[i + 2] as number;
      const abandoned = (flags & ABANDONED) !== 0;
      if (flags & OUTAGE) marks.push([at, answer, abandoned, 'outage']);
      else if (flags & PROXIED) marks.push([at, answer, abandoned, 'proxied']);
      else marks.push([at, answer, abandoned]);
    }
    return marks;
  }
}

/** The caller report's aggregates in this process's memory, bounded by `maxTokens`. */
export class MemoryReportStore implements CallerReportStore {
  private tallies = new Map<string, Tally>();
  private since = performance.timeOrigin + performance.now();
  private requests = 0;
  private connections = 0;
  private maxConcurrent = 0;
  private unknownRequests = 0;
  private outageRequests = 0;
  private proxiedRequests = 0;
  private untrackedRequests = 0;
  private abandoned = { count: 0, min: Infinity, max: -Infinity, kept: [] as number[] };

  constructor(readonly maxTokens = DEFAULT_REPORT_TOKENS) {}

  record(x: Exchange): void {
    this.requests++;
    if (x.newConnection) this.connections++;
    if (x.concurrent > this.maxConcurrent) this.maxConcurrent = x.concurrent;
    if (!x.known && !x.proxied) this.unknownRequests++;
    if (x.outage) this.outageRequests++;
    if (x.proxied) this.proxiedRequests++;
    const waited = x.endedAt - x.arrivedAt;
    if (x.abandoned) this.countAbandoned(waited);
    let tally = this.tallies.get(x.token);
    if (tally === undefined) {
      if (this.tallies.size >= this.maxTokens || x.token.length > MAX_TRACKED_TOKEN_LENGTH) {
        this.untrackedRequests++;
        return;
      }
      tally = new Tally(x.known);
      this.tallies.set(x.token, tally);
    }
    foldExchange(tally, x, waited, this.since);
  }

  /** Exchanges recorded since the start or the last reset. */
  get requestCount(): number {
    return this.requests;
  }

  /** How many exchanges of `token` are recorded (0 for one never seen or past the cap): what a waiter counts. */
  calls(token: string): number {
    return this.tallies.get(token)?.calls ?? 0;
  }

  /** One token's aggregate as the snapshot gives it (its tally, read in place). */
  token(token: string): TokenAggregate | undefined {
    return this.tallies.get(token);
  }

  async snapshot(): Promise<CallerAggregates> {
    return {
      since: this.since,
      // A tally is a TokenAggregate with its bookkeeping beside: read in place, never copied here.
      tokens: this.tallies,
      requests: this.requests,
      connections: this.connections,
      maxConcurrent: this.maxConcurrent,
      unknownRequests: this.unknownRequests,
      outageRequests: this.outageRequests,
      proxiedRequests: this.proxiedRequests,
      untrackedRequests: this.untrackedRequests,
      abandoned: { ...this.abandoned, kept: [...this.abandoned.kept] },
    };
  }

  async reset(since = performance.timeOrigin + performance.now()): Promise<void> {
    this.tallies = new Map();
    this.since = since;
    this.requests = this.connections = this.maxConcurrent = this.unknownRequests = this.untrackedRequests = 0;
    this.outageRequests = this.proxiedRequests = 0;
    this.abandoned = { count: 0, min: Infinity, max: -Infinity, kept: [] };
  }

  private countAbandoned(ms: number): void {
    const a = this.abandoned;
    a.count++;
    if (ms < a.min) a.min = ms;
    if (ms > a.max) a.max = ms;
    if (a.kept.length < KEPT_OVERALL) a.kept.push(ms);
  }
}

/**
 * One exchange into its token's tally. A retry is a request that arrived after an exchange for
 * the same token ended without a card; its gap runs from that end to the retry's arrival.
 */
function foldExchange(t: Tally, x: Exchange, waited: number, since: number): void {
  t.known = x.known;
  t.calls++;
  if (x.answer === t.firstAnswer) t.firstAnswerCount++;
  else if (t.firstAnswerCount === 0) {
    t.firstAnswer = x.answer;
    t.firstAnswerCount = 1;
  } else t.otherAnswers = countIn(t.otherAnswers, x.answer);
  if (x.method === t.firstMethod) t.firstMethodCount++;
  else if (t.firstMethodCount === 0) {
    t.firstMethod = x.method;
    t.firstMethodCount = 1;
  } else t.otherMethods = countIn(t.otherMethods, x.method);
  if (t.calls > 1 && !t.lastCard && x.arrivedAt >= t.lastEnd) {
    t.retries++;
    if (t.gapsMs.length < KEPT_PER_TOKEN) (t.gapsMs = own(t.gapsMs)).push(round(x.arrivedAt - t.lastEnd));
  }
  if (x.arrivedAt >= t.cardAt) t.callsAfterCard++;
  if (x.abandoned && t.abandonedAfterMs.length < KEPT_PER_TOKEN)
    (t.abandonedAfterMs = own(t.abandonedAfterMs)).push(round(waited));
  if (x.outage) t.outage++;
  if (x.proxied) t.proxied++;
  if (t.marked < KEPT_PER_TOKEN) {
    t.marked++;
    (t.marks = own(t.marks)).push(
      Math.round((x.arrivedAt - since) * 10),
      x.answer,
      (x.abandoned ? ABANDONED : 0) | (x.outage ? OUTAGE : 0) | (x.proxied ? PROXIED : 0),
    );
  }
  if (x.endedAt >= t.lastEnd) {
    t.lastEnd = x.endedAt;
    t.lastCard = x.card;
  }
  if (x.card && x.endedAt < t.cardAt) t.cardAt = x.endedAt;
  t.retryAfter = foldRetryAfter(t.retryAfter, x.arrivedAt, x.endedAt, x.retryAfterMs);
}

/** One more of `key` in `counts`, made at the first. */
function countIn(counts: Map<string, number> | null, key: string): Map<string, number> {
  const map = counts ?? new Map<string, number>();
  return map.set(key, (map.get(key) ?? 0) + 1);
}

/** The first key's count and then the others', in the order they first came. */
function countsOf(first: string, count: number, others: Map<string, number> | null): Map<string, number> {
  const counts = new Map<string, number>();
  if (count > 0) counts.set(first, count);
  if (others !== null) for (const [key, n] of others) counts.set(key, n);
  return counts;
}

/** The shared empty list a tally starts with; never pushed to. */
const NONE: never[] = [];

/** A list of the tally's own to push to: a new one in place of the shared empty one. */
function own<T>(list: T[]): T[] {
  return list === NONE ? [] : list;
}

/** Milliseconds to one decimal: finer is noise. */
function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
