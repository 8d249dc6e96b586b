import type { RetryAfterTally } from './retry-after';
/** One protocol exchange as the caller report sees it: what was asked, what it got, and when it ended. */
export interface Exchange {
  /** The requested token (a named entry's own long-lived copy when there is one). */
  readonly token: string;
  /** Whether a file, a population or a runtime entry answers the token (false: the fallback). */
  readonly known: boolean;
  readonly method: string;
  /** The answer given: its status (`"200"`) or its fault (`"fault:hang"`). */
  readonly answer: string;
  /** The exchange ended in a 200 with a client card. */
  readonly card: boolean;
  /** performance.timeOrigin-based milliseconds: the request's arrival. */
  readonly arrivedAt: number;
  /** When the last byte was written, or the caller (or a fault) closed the connection. */
  readonly endedAt: number;
  /** The caller closed the connection before the answer was complete. */
  readonly abandoned: boolean;
  /** Requests in flight when this one arrived, itself included. */
  readonly concurrent: number;
  /** The first request on its connection. */
  readonly newConnection: boolean;
  /** Answered during an outage (`POST /__admin/outage`): the outage's answer, not the token's own. */
  readonly outage: boolean;
  /** Passed to the real service (`serve --proxy`); `answer` is its status, or `none` if the caller hung up first. */
  readonly proxied: boolean;
  /** The session whose `prefix + T` was asked for (`token` is T); undefined for any other token. */
  readonly session?: string;
  /** The wait the answer's Retry-After header asked, in milliseconds; undefined when it carried none. */
  readonly retryAfterMs?: number;
}

/** Every exchange recorded since the start or the last reset, folded into aggregates. */
export interface CallerReportStore {
  /** Folds one ended exchange in; cheap (one Map lookup and a few numbers). The object is reused: copy what is kept. */
  record(exchange: Exchange): void;
  /**
   * The aggregates as they are now. The run-wide figures are copied; the tokens are the store's
   * own tallies, read in place (copying 10,000 of them held the event loop for every read): read
   * a token within one turn, or accept newer figures. A reset starts new tallies, so one read
   * across it still sees the old ones whole.
   */
  snapshot(): Promise<CallerAggregates>;
  /** How many exchanges of `token` are folded in so far (0 past the cap): what `GET /wait` counts. */
  calls(token: string): number;
  /** One token's aggregate, without copying the others' (`GET /wait`'s answer). */
  token(token: string): TokenAggregate | undefined;
  /** Forgets everything (POST /__admin/reset); the report begins at `since` (epoch ms, a group's), else now. */
  reset(since?: number): Promise<void>;
}

/**
 * One request's mark on the timeline: milliseconds since the report began, the answer, abandoned
 * or not, and `outage` or `proxied` when it was answered during an outage or by the real service.
 */
export type TimelineMark =
  | readonly [atMs: number, answer: string, abandoned: boolean]
  | readonly [atMs: number, answer: string, abandoned: boolean, via: 'outage' | 'proxied'];

/** What the report knows of one token. */
export interface TokenAggregate {
  readonly known: boolean;
  readonly calls: number;
  readonly statuses: ReadonlyMap<string, number>;
  readonly methods: Readonly<Record<string, number>>;
  readonly retries: number;
  readonly gapsMs: readonly number[];
  readonly abandonedAfterMs: readonly number[];
  readonly callsAfterCard: number;
  /** Requests answered during an outage, and passed to the real service. */
  readonly outage: number;
  readonly proxied: number;
  readonly timeline: readonly TimelineMark[];
  /** Answers that asked for a wait (Retry-After), and whether the request after each waited; null before the first. */
  readonly retryAfter: Readonly<RetryAfterTally> | null;
}

/** The store's aggregates: per token (up to the cap) and for the whole run. */
export interface CallerAggregates {
  /** performance.timeOrigin-based milliseconds when the report began (start or reset). */
  readonly since: number;
  readonly tokens: ReadonlyMap<string, TokenAggregate>;
  readonly requests: number;
  readonly connections: number;
  readonly maxConcurrent: number;
  /** Requests for tokens no entry names, tracked or not; proxied ones are not counted (the real service answers them). */
  readonly unknownRequests: number;
  /** Requests answered during an outage, and passed to the real service (`--proxy`), tracked or not. */
  readonly outageRequests: number;
  readonly proxiedRequests: number;
  /** Requests for tokens past the cap (or too long to keep), counted together. */
  readonly untrackedRequests: number;
  /** The overall time-outs measured: the first ones kept, and the exact extremes. */
  readonly abandoned: {
    readonly count: number;
    readonly min: number;
    readonly max: number;
    readonly kept: readonly number[];
  };
}
