import type { TokenReport } from './build-report';
import type { TimelineMark } from './exchange';
import type { ExpectationResult, JudgedReport } from './judge-report';

/** A token's verdict: one of its expectations failed, all passed, or nothing is expected of it. */
type TokenVerdict = 'fail' | 'pass' | 'none';

/** One failed expectation of a token, as its row lists it. */
export interface TokenFailure {
  /** `file:line:col` where the expectation is written (or the flag, or `default`). */
  readonly where: string;
  /** `calls expected 2, seen 3`. */
  readonly text: string;
}

/** One row of the Caller view: a token requested, or named by an expectation and never requested. */
export interface CallerRow {
  readonly token: string;
  readonly verdict: TokenVerdict;
  readonly failures: readonly TokenFailure[];
  /** Null for a token never requested. */
  readonly figures: TokenReport | null;
  /** Its marks in arrival order. */
  readonly marks: readonly TimelineMark[];
}

const ORDER: Readonly<Record<TokenVerdict, number>> = { fail: 0, pass: 1, none: 2 };

/**
 * The report's rows: failing tokens first, then passing ones, then those nothing is expected of,
 * each group by token name (in code-unit order, as the same on every machine). A token an
 * expectation names but the caller never asked for has a row too: its failure belongs beside it.
 */
export function callerRows(report: JudgedReport & { readonly tokensTotal?: number }): CallerRow[] {
  const byToken = new Map<string, ExpectationResult[]>();
  for (const r of report.expectations) {
    if (r.token === null) continue;
    const list = byToken.get(r.token) ?? [];
    list.push(r);
    byToken.set(r.token, list);
  }
  const requested = Object.keys(report.tokens);
  // A report cut for the event stream (`tokensTotal` more than it holds) leaves out requested
  // tokens too: there only a failing token gets a row without its figures.
  const cut = report.tokensTotal !== undefined && report.tokensTotal > requested.length;
  const expectedOnly = [...byToken.keys()].filter(
    (token) => !cut || byToken.get(token)!.some((r) => r.outcome === 'fail'),
  );
  const names = new Set([...requested, ...expectedOnly]);
  const rows = [...names].map((token): CallerRow => {
    const results = byToken.get(token) ?? [];
    const failed = results.filter((r) => r.outcome === 'fail');
    // Own keys only: a token named `toString` that was never requested has no figures.
    const figures = Object.hasOwn(report.tokens, token) ? report.tokens[token] : null;
    return {
      token,
      verdict: failed.length > 0 ? 'fail' : results.length > 0 ? 'pass' : 'none',
      failures: failed.map((r) => ({
        where: r.where,
        text: `${r.expectation} expected ${r.expected}, seen ${r.seen}`,
      })),
      figures,
      marks: figures === null ? [] : [...figures.timeline].sort((a, b) => a[0] - b[0]),
    };
  });
  return rows.sort(
    (a, b) => ORDER[a.verdict] - ORDER[b.verdict] || (a.token < b.token ? -1 : a.token > b.token ? 1 : 0),
  );
}

/** The run's own failed expectations (not of one token): unknown or unused tokens, time-outs overall. */
export function runFailures(report: JudgedReport): TokenFailure[] {
  return report.expectations
    .filter((r) => r.token === null && r.outcome === 'fail')
    .map((r) => ({ where: r.where, text: `${r.expectation} expected ${r.expected}, seen ${r.seen}` }));
}
