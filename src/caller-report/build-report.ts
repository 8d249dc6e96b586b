import { classifyBackoff, median } from './classify-backoff';
import type { BackoffShape } from '../scenario/schema/expect-schema';
import type { CallerAggregates, TimelineMark, TokenAggregate } from './exchange';
import { plainRecord, plainRecordOf } from './plain-record';
import { retryAfterFigures, type RetryAfterFigures } from './retry-after';

/** How many unknown tokens the report names, most requested first. */
const TOP_UNKNOWN_TOKENS = 100;

/** One token's line in the report. */
export interface TokenReport {
  readonly known: boolean;
  readonly calls: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly methods: Readonly<Record<string, number>>;
  readonly retries: number;
  readonly gapsMs: readonly number[];
  readonly backoff: BackoffShape;
  readonly abandonedAfterMs: readonly number[];
  readonly callsAfterCard: number;
  /** Requests answered during an outage (`POST /__admin/outage`), and passed to the real service (`--proxy`). */
  readonly outage: number;
  readonly proxied: number;
  readonly timeline: readonly TimelineMark[];
  /** Answers that carried Retry-After, and the requests after them that waited that long (honoured) or not (early). */
  readonly retryAfter: RetryAfterFigures;
}

/** The caller report as GET /__admin/report serves it, before a verdict is added. */
export interface CallerReport {
  /** When the report began (the start or the last reset), ISO 8601. */
  readonly since: string;
  readonly tokens: Readonly<Record<string, TokenReport>>;
  readonly unknownTokens: {
    /** Requests for unknown tokens, tracked or not. */
    readonly count: number;
    /** Distinct unknown tokens tracked one by one (the cap's are not told apart). */
    readonly tokens: number;
    readonly top: readonly { readonly token: string; readonly count: number; readonly nearMisses: readonly string[] }[];
  };
  readonly unusedTokens: readonly string[];
  readonly caller: {
    readonly requests: number;
    readonly connections: number;
    readonly maxConcurrent: number;
    /** Requests answered during an outage, and passed to the real service: not the scenarios' answers. */
    readonly outage: number;
    readonly proxied: number;
    readonly abandonedAfterMs: { readonly min: number; readonly median: number; readonly max: number } | null;
  };
  /** Requests past the `--report-tokens` cap, counted together rather than per token. */
  readonly untracked: { readonly requests: number; readonly maxTokens: number };
}

/** What the report reads beside the aggregates: the tokens that could be asked for, and near misses. */
export interface ReportContext {
  /** Tokens written in files or added at run time. */
  readonly namedTokens: Iterable<string>;
  readonly nearMisses: (token: string) => readonly string[];
  readonly maxTokens: number;
}

/** The report without its tokens: what a reader gets at once, before the tokens are written one by one. */
export type CallerSummary = Omit<CallerReport, 'tokens'>;

/** Turns the store's aggregates into the report: shapes named, unknown tokens ranked, unused ones listed. */
export function buildReport(aggregates: CallerAggregates, context: ReportContext): CallerReport {
  const tokens = plainRecord<TokenReport>();
  for (const [token, t] of aggregates.tokens) tokens[token] = tokenReport(t);
  const { since, ...summary } = buildSummary(aggregates, context);
  return { since, tokens, ...summary };
}

/**
 * Everything but the tokens' own figures, from one pass over the tallies that copies none:
 * unknown tokens ranked, unused ones listed, the run's figures.
 */
export function buildSummary(aggregates: CallerAggregates, context: ReportContext): CallerSummary {
  const unknown: { token: string; count: number }[] = [];
  for (const [token, t] of aggregates.tokens) {
    // A proxied request was answered by the real service, which knows the token: not unknown here.
    if (!t.known && t.calls > t.proxied) unknown.push({ token, count: t.calls - t.proxied });
  }
  unknown.sort((a, b) => b.count - a.count || (a.token < b.token ? -1 : 1));
  const unusedTokens = [...context.namedTokens].filter((token) => !aggregates.tokens.has(token)).sort();
  const a = aggregates.abandoned;
  return {
    since: new Date(aggregates.since).toISOString(),
    unknownTokens: {
      count: aggregates.unknownRequests,
      tokens: unknown.length,
      top: unknown.slice(0, TOP_UNKNOWN_TOKENS).map((u) => ({ ...u, nearMisses: context.nearMisses(u.token) })),
    },
    unusedTokens,
    caller: {
      requests: aggregates.requests,
      connections: aggregates.connections,
      maxConcurrent: aggregates.maxConcurrent,
      outage: aggregates.outageRequests,
      proxied: aggregates.proxiedRequests,
      abandonedAfterMs: a.count === 0 ? null : { min: round(a.min), median: round(median(a.kept)), max: round(a.max) },
    },
    untracked: { requests: aggregates.untrackedRequests, maxTokens: context.maxTokens },
  };
}

/** One token's line, its own copy of the figures (the store's tally goes on changing), its back-off named. */
export function tokenReport(t: TokenAggregate): TokenReport {
  return {
    known: t.known,
    calls: t.calls,
    statuses: plainRecordOf(t.statuses),
    methods: plainRecordOf(Object.entries(t.methods)),
    retries: t.retries,
    gapsMs: [...t.gapsMs],
    backoff: classifyBackoff(t.gapsMs),
    abandonedAfterMs: [...t.abandonedAfterMs],
    callsAfterCard: t.callsAfterCard,
    outage: t.outage,
    proxied: t.proxied,
    timeline: [...t.timeline],
    retryAfter: retryAfterFigures(t.retryAfter),
  };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
