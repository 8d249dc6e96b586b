import type { CallerAggregates } from './exchange';
import { buildSummary, tokenReport, type ReportContext, type TokenReport } from './build-report';
import { judgeSummary, type JudgedReport, type JudgedSummary, type TokenLookup } from './judge-report';
import type { Expectation } from '../scenario/compile/read-expectations';
import { plainRecordOf } from './plain-record';

/**
 * A judged report as it is written out: the summary and the verdict at once (one pass over the
 * tallies, copying none), each token's figures built only when the writer reaches it, so a
 * report of 10,000 tokens is never whole in memory and never built in one turn of the event loop.
 */
export interface ReportReading {
  readonly summary: JudgedSummary;
  /** How many tokens `tokens()` gives. */
  readonly tokenCount: number;
  /** Every token, first requested first, each built when the iterator reaches it. */
  tokens(): Iterable<readonly [string, TokenReport]>;
  /**
   * The `count` most requested tokens, most first (the dashboard plots those, not 10,000); the
   * tokens in `first` (the failing ones, which the Caller view lists first) before all others.
   */
  busiest(count: number, first?: ReadonlySet<string>): (readonly [string, TokenReport])[];
}

/** The store's aggregates as a reading, judged against the expectations (as judgeReport does a whole report). */
export function readReport(
  aggregates: CallerAggregates,
  context: ReportContext,
  expectations: readonly Expectation[],
): ReportReading {
  const all = aggregates.tokens;
  const lookup: TokenLookup = {
    get: (token) => {
      const t = all.get(token);
      return t === undefined ? undefined : tokenReport(t);
    },
    *waits() {
      for (const t of all.values())
        yield { hangs: t.statuses.get('fault:hang') ?? 0, abandonedAfterMs: t.abandonedAfterMs };
    },
  };
  const summary = buildSummary(aggregates, context);
  return {
    summary: { ...summary, ...judgeSummary(summary, lookup, expectations) },
    tokenCount: all.size,
    *tokens() {
      for (const [token, t] of all) yield [token, tokenReport(t)] as const;
    },
    busiest: (count, first) =>
      [...all]
        .sort((a, b) => rankOf(a[0], first) - rankOf(b[0], first) || b[1].calls - a[1].calls)
        .slice(0, count)
        .map(([token, t]) => [token, tokenReport(t)] as const),
  };
}

/** A whole report in hand (a session's, one `run` writes to a file) as a reading, for the same writers. */
export function readingOf(report: JudgedReport): ReportReading {
  const { tokens, ...summary } = report;
  const entries = Object.entries(tokens);
  return {
    summary,
    tokenCount: entries.length,
    tokens: () => entries,
    busiest: (count, first) =>
      [...entries].sort((a, b) => rankOf(a[0], first) - rankOf(b[0], first) || b[1].calls - a[1].calls).slice(0, count),
  };
}

/** 0 for a token `busiest` puts first, else 1. */
function rankOf(token: string, first: ReadonlySet<string> | undefined): number {
  return first?.has(token) ? 0 : 1;
}

/** The reading made whole: what `sim.report()` and `run` hold (bounded by --report-tokens). */
export function wholeReport(reading: ReportReading): JudgedReport {
  const { since, ...rest } = reading.summary;
  return { since, tokens: plainRecordOf(reading.tokens()), ...rest };
}
