import type { Bounds, Expectation } from '../scenario/compile/read-expectations';
import { DEFAULT_UNUSED_LEVEL } from '../scenario/schema/expect-schema';
import type { CallerReport, CallerSummary, TokenReport } from './build-report';
import { describeBounds, describeMs, isWithin } from './describe-bounds';

/** One expectation checked: what was expected, what was seen, and where it is written. */
export interface ExpectationResult {
  /** The token, or null for the run. */
  readonly token: string | null;
  /** The expectation's name: `calls`, `unknownTokens`, ... */
  readonly expectation: string;
  readonly expected: string;
  readonly seen: string;
  /** pass, fail, or warn (counted, but the verdict still passes). */
  readonly outcome: 'pass' | 'fail' | 'warn';
  /** `file:line:col` where it is written, the flag that set it, or `default`. */
  readonly where: string;
}

/** The verdict: every expectation checked, failures and warnings as readable lines. */
export interface Verdict {
  readonly verdict: 'pass' | 'fail';
  readonly failures: readonly string[];
  readonly warnings: readonly string[];
  readonly expectations: readonly ExpectationResult[];
}

/** The report with its verdict. */
export interface JudgedReport extends CallerReport, Verdict {}

/** The report without its tokens, with its verdict: what a reader gets before the tokens are written. */
export type JudgedSummary = CallerSummary & Verdict;

/** How the judge reads the tokens: one when an expectation names it, and all only for the run's time-outs. */
export interface TokenLookup {
  get(token: string): TokenReport | undefined;
  /** Each token's hangs and kept time-outs (a run-wide `abandonedAfter` reads them all). */
  waits(): Iterable<{ readonly hangs: number; readonly abandonedAfterMs: readonly number[] }>;
}

/**
 * Checks every expectation against the report. An expectation on a token that was never
 * requested fails ("never requested") rather than passing quietly, except `calls` (0 is a count).
 * Unknown and unused tokens are always judged, by their expectation or by default (unknown
 * tokens pass, unused ones warn), so each has a line in every verdict.
 */
export function judgeReport(
  report: CallerReport,
  expectations: readonly Expectation[],
  /** false: no unused-tokens judgement at all (a session that named no tokens). */
  judgeUnused = true,
): JudgedReport {
  const lookup: TokenLookup = {
    get: (token) => report.tokens[token],
    waits: () =>
      Object.values(report.tokens).map((t) => ({
        hangs: t.statuses['fault:hang'] ?? 0,
        abandonedAfterMs: t.abandonedAfterMs,
      })),
  };
  return { ...report, ...judgeSummary(report, lookup, expectations, judgeUnused) };
}

/** judgeReport's verdict, reading the tokens through `tokens`: a reader of 10,000 builds only those expected of. */
export function judgeSummary(
  report: CallerSummary,
  tokens: TokenLookup,
  expectations: readonly Expectation[],
  judgeUnused = true,
): Verdict {
  const judged = judgeUnused
    ? expectations
    : expectations.filter((e) => !(e.token === null && e.key === 'unusedTokens'));
  const results = judged.map((e) => checkExpectation(report, tokens, e));
  if (!expectations.some((e) => e.token === null && e.key === 'unknownTokens')) results.push(unknownByDefault(report));
  if (judgeUnused && !expectations.some((e) => e.token === null && e.key === 'unusedTokens'))
    results.push(unusedResult(report, DEFAULT_UNUSED_LEVEL, 'default'));
  const failures = results.filter((r) => r.outcome === 'fail').map(describeResult);
  const warnings = results.filter((r) => r.outcome === 'warn').map(describeResult);
  return { verdict: failures.length > 0 ? 'fail' : 'pass', failures, warnings, expectations: results };
}

/** The most names (or times) a seen text lists before "and N more". */
const LISTED = 10;

/** What a warning given by default says to change it. */
const DEFAULT_HINTS: Readonly<Record<string, string>> = {
  unusedTokens: '; write expect: { unusedTokens: ignore } at the top of a file to allow it, or fail to fail on it',
};

/**
 * One result as a sentence: `file:line:col token "retry-twice": calls expected 3, seen 4`; set by
 * a flag, `the run: unknownTokens expected 0 by --expect-no-unknown, seen 2 ("alise", "bob")`;
 * by default, `the run: unusedTokens expected none by default, seen 1 ("bob"); write ...`.
 */
export function describeResult(r: ExpectationResult): string {
  const subject = r.token === null ? 'the run' : `token ${JSON.stringify(r.token)}`;
  const said = `${subject}: ${r.expectation} expected ${r.expected}`;
  if (r.where === 'default') return `${said} by default, seen ${r.seen}${DEFAULT_HINTS[r.expectation] ?? ''}`;
  if (r.where.startsWith('--')) return `${said} by ${r.where}, seen ${r.seen}`;
  return `${r.where} ${said}, seen ${r.seen}`;
}

/** The first LISTED items, then "and N more" of `total`: `"a", "b" and 3 more`. */
function listed(items: readonly string[], total: number): string {
  const shown = items.slice(0, LISTED);
  return total > shown.length ? `${shown.join(', ')} and ${total - shown.length} more` : shown.join(', ');
}

/** The unknown requests' count and the tokens asked, most requested first: `3 ("alcie", "bob")`. */
function unknownSeen(report: CallerSummary): string {
  const { count, tokens, top } = report.unknownTokens;
  if (tokens === 0) return String(count);
  return `${count} (${listed(
    top.slice(0, LISTED).map((u) => JSON.stringify(u.token)),
    tokens,
  )})`;
}

function checkExpectation(report: CallerSummary, tokens: TokenLookup, e: Expectation): ExpectationResult {
  const base = { token: e.token, expectation: e.key, where: e.where };
  const d = e.demand;
  if (d.kind === 'unused') return unusedResult(report, d.level, e.where);
  if (e.token === null) {
    if (d.kind === 'count')
      return { ...countResult(base, d.bounds, report.unknownTokens.count), seen: unknownSeen(report) };
    if (d.kind === 'duration') return abandonResult(base, d.bounds, ...allWaits(tokens));
    return { ...base, expected: '?', seen: '?', outcome: 'fail' };
  }
  const token = tokens.get(e.token);
  if (d.kind === 'honours' && !d.on) return { ...base, expected: 'not judged (false)', seen: '-', outcome: 'pass' };
  if (token === undefined || token.calls === 0) {
    if (e.key === 'calls' && d.kind === 'count') return countResult(base, d.bounds, 0);
    const expected =
      d.kind === 'backoff'
        ? d.shape
        : d.kind === 'honours'
          ? HONOURED
          : describeBounds(d.bounds, d.kind === 'duration' ? 'ms' : '');
    return { ...base, expected, seen: 'never requested', outcome: 'fail' };
  }
  if (d.kind === 'honours') return honoursResult(base, token);
  if (d.kind === 'backoff')
    return { ...base, expected: d.shape, seen: token.backoff, outcome: token.backoff === d.shape ? 'pass' : 'fail' };
  if (d.kind === 'count') return countResult(base, d.bounds, token[e.key as 'calls' | 'retries' | 'callsAfterCard']);
  if (e.key === 'gap') return everyResult(base, d.bounds, token.gapsMs, 'no retries');
  const hangs = token.statuses['fault:hang'] ?? 0;
  return abandonResult(base, d.bounds, token.abandonedAfterMs, Math.max(0, hangs - token.abandonedAfterMs.length));
}

type Base = Pick<ExpectationResult, 'token' | 'expectation' | 'where'>;

const HONOURED = 'every request after a Retry-After to wait as long as it asked';

/** Retry-After honoured: fails on any request that came back sooner, naming its gap and the wait asked. */
function honoursResult(base: Base, token: TokenReport): ExpectationResult {
  const { asked, honoured, early, earlyGaps } = token.retryAfter;
  if (asked === 0) return { ...base, expected: HONOURED, seen: 'no answer asked for a wait', outcome: 'pass' };
  if (early === 0) return { ...base, expected: HONOURED, seen: `${honoured} of ${asked} waited`, outcome: 'pass' };
  const gaps = earlyGaps
    .slice(0, LISTED)
    .map((g) => `${describeMs(g.gapMs)} after a ${describeMs(g.askedMs)} Retry-After`);
  return { ...base, expected: HONOURED, seen: `${early} early: ${listed(gaps, early)}`, outcome: 'fail' };
}

function countResult(base: Base, bounds: Bounds, seen: number): ExpectationResult {
  return {
    ...base,
    expected: describeBounds(bounds, ''),
    seen: String(seen),
    outcome: isWithin(seen, bounds) ? 'pass' : 'fail',
  };
}

/** Every value within the bounds; the seen text names the ones outside first. */
function everyResult(base: Base, bounds: Bounds, values: readonly number[], none: string): ExpectationResult {
  if (values.length === 0) return { ...base, expected: describeBounds(bounds, 'ms'), seen: none, outcome: 'pass' };
  const outside = values.filter((v) => !isWithin(v, bounds));
  const seen =
    outside.length > 0
      ? `${listed(outside.slice(0, LISTED).map(describeMs), outside.length)} (of ${values.length})`
      : listed(values.slice(0, LISTED).map(describeMs), values.length);
  return {
    ...base,
    expected: `every one ${describeBounds(bounds, 'ms')}`,
    seen,
    outcome: outside.length > 0 ? 'fail' : 'pass',
  };
}

/** Time-outs within the bounds; an upper bound also fails when the caller waited a hang out to its cap. */
function abandonResult(base: Base, bounds: Bounds, values: readonly number[], unwaited: number): ExpectationResult {
  const result = everyResult(base, bounds, values, 'never gave up on an answer');
  if (bounds.atMost === undefined || unwaited === 0) return result;
  return { ...result, seen: `waited out ${unwaited} hang(s) to the end without giving up`, outcome: 'fail' };
}

/**
 * Every token's kept time-outs, and the hangs the server ended at their cap: requests answered
 * with a hang the caller never gave up on.
 */
function allWaits(tokens: TokenLookup): [number[], number] {
  const abandoned: number[] = [];
  let unwaited = 0;
  for (const t of tokens.waits()) {
    for (const ms of t.abandonedAfterMs) abandoned.push(ms);
    unwaited += Math.max(0, t.hangs - t.abandonedAfterMs.length);
  }
  return [abandoned, unwaited];
}

function unknownByDefault(report: CallerSummary): ExpectationResult {
  const seen = unknownSeen(report);
  return { token: null, expectation: 'unknownTokens', expected: 'any', seen, outcome: 'pass', where: 'default' };
}

function unusedResult(report: CallerSummary, level: string, where: string): ExpectationResult {
  const unused = report.unusedTokens;
  const names = unused.slice(0, LISTED).map((t) => JSON.stringify(t));
  const seen = unused.length === 0 ? 'none' : `${unused.length} (${listed(names, unused.length)})`;
  const outcome = unused.length === 0 || level === 'ignore' ? 'pass' : level === 'fail' ? 'fail' : 'warn';
  return { token: null, expectation: 'unusedTokens', expected: 'none', seen, outcome, where };
}
