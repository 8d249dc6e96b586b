import { parseDuration } from '../base/duration';
import type { EntryData } from '../schema/scenario-schema';
import { placeOf, type ParsedScenarioFile } from '../schema/parse-scenario-file';
import type { BackoffShape, RUN_EXPECT_KEYS, TOKEN_EXPECT_KEYS, UnusedLevel } from '../schema/expect-schema';

/** Lower and upper bounds (milliseconds for durations); either may be absent. */
export interface Bounds {
  readonly atLeast?: number;
  readonly atMost?: number;
}

/** What one expectation demands, by kind. */
export type Demand =
  | { readonly kind: 'count' | 'duration'; readonly bounds: Bounds }
  | { readonly kind: 'backoff'; readonly shape: BackoffShape }
  | { readonly kind: 'unused'; readonly level: UnusedLevel }
  | { readonly kind: 'honours'; readonly on: boolean };

/** One `expect:` key as written: for a token (or the run when `token` is null), and where it is written. */
export interface Expectation {
  readonly token: string | null;
  readonly key: keyof typeof TOKEN_EXPECT_KEYS | keyof typeof RUN_EXPECT_KEYS;
  readonly demand: Demand;
  /** `file:line:col` of the key, or the flag that set it (`--expect-no-unknown`). */
  readonly where: string;
}

/**
 * The expectations of one schema-checked file: each token's `expect:` and the top-level one, in
 * the order written, each with its place. The schema has checked every value's form already.
 */
export function readExpectations(file: ParsedScenarioFile): Expectation[] {
  const found: Expectation[] = [];
  const add = (token: string | null, path: (string | number)[], written: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(written)) {
      const pos = placeOf(file, [...path, key], 'key');
      const where = `${file.file}:${pos.line}:${pos.col}`;
      found.push({ token, key: key as Expectation['key'], demand: demandOf(key, value), where });
    }
  };
  for (const [token, raw] of Object.entries((file.data.tokens ?? {}) as Record<string, EntryData>)) {
    if (raw !== null && typeof raw === 'object' && raw.expect !== undefined)
      add(token, ['tokens', token, 'expect'], raw.expect as Record<string, unknown>);
  }
  if (file.data.expect !== undefined) add(null, ['expect'], file.data.expect as Record<string, unknown>);
  return found;
}

/** A validated `expect:` value as a demand the judge can check. */
export function demandOf(key: string, value: unknown): Demand {
  if (key === 'backoff') return { kind: 'backoff', shape: value as BackoffShape };
  if (key === 'unusedTokens') return { kind: 'unused', level: value as UnusedLevel };
  if (key === 'honoursRetryAfter') return { kind: 'honours', on: value === true };
  if (key === 'gap' || key === 'abandonedAfter') {
    const range = value as { atLeast?: unknown; atMost?: unknown };
    return { kind: 'duration', bounds: bounds(parseDuration(range.atLeast), parseDuration(range.atMost)) };
  }
  if (typeof value === 'number') return { kind: 'count', bounds: { atLeast: value, atMost: value } };
  const range = value as { atLeast?: number; atMost?: number };
  return { kind: 'count', bounds: bounds(range.atLeast, range.atMost) };
}

function bounds(atLeast: number | undefined, atMost: number | undefined): Bounds {
  return { ...(atLeast !== undefined ? { atLeast } : {}), ...(atMost !== undefined ? { atMost } : {}) };
}
