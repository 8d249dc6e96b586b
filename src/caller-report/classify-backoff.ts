import type { BackoffShape } from '../scenario/schema/expect-schema';

/** How far a gap (or a step) may stray from the median and still count as steady. */
const TOLERANCE = 0.25;
/** The least growth from one gap to the next that counts as exponential. */
const EXPONENTIAL_FACTOR = 1.5;
/**
 * The longest gap that still counts as not waiting at all: a retry loop with no delay measures a
 * few milliseconds here (the caller reading the answer, opening or reusing a connection), never 0.
 */
const IMMEDIATE_GAP_MS = 10;

/**
 * Names the shape of the gaps, tried in this order: none (no gap), immediate (every gap at most
 * IMMEDIATE_GAP_MS: the caller did not wait, however steady its jitter), single (one), constant (every
 * gap within 25% of their median), linear (three gaps or more, each step up within 25% of the
 * median step: two gaps alone cannot tell a step from a doubling), exponential (each gap at
 * least 1.5x the one before), else irregular.
 */
export function classifyBackoff(gaps: readonly number[]): BackoffShape {
  if (gaps.length === 0) return 'none';
  if (gaps.every((gap) => gap <= IMMEDIATE_GAP_MS)) return 'immediate';
  if (gaps.length === 1) return 'single';
  if (allNear(gaps, median(gaps))) return 'constant';
  const steps = gaps.slice(1).map((gap, i) => gap - gaps[i]);
  if (gaps.length >= 3 && steps.every((s) => s > 0) && allNear(steps, median(steps))) return 'linear';
  if (gaps.slice(1).every((gap, i) => gap >= EXPONENTIAL_FACTOR * gaps[i])) return 'exponential';
  return 'irregular';
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function allNear(values: readonly number[], centre: number): boolean {
  return values.every((v) => Math.abs(v - centre) <= TOLERANCE * Math.abs(centre));
}
