import { MAX_TIMER_MS, parseDuration } from './duration';

/**
 * A delay as written (`250ms`, `{ uniform: [100ms, 2s] }`, `{ lognormal: { median: 200ms,
 * sigma: 0.5 } }`), compiled to milliseconds once at load.
 */
export type DelayShape =
  | { readonly kind: 'fixed'; readonly ms: number }
  | { readonly kind: 'uniform'; readonly minMs: number; readonly maxMs: number }
  | { readonly kind: 'lognormal'; readonly medianMs: number; readonly sigma: number };

/** No delay at all. */
export const NO_DELAY: DelayShape = Object.freeze({ kind: 'fixed', ms: 0 });

/** The sigma used when a lognormal delay names only its median. */
const DEFAULT_SIGMA = 0.5;

/** The shape of a written delay, or undefined if it is not one (schema checks gave the message). */
export function toDelayShape(value: unknown): DelayShape | undefined {
  if (value === undefined || value === null) return NO_DELAY;
  const fixed = parseDuration(value);
  if (fixed !== undefined) return { kind: 'fixed', ms: fixed };
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const shape = value as { uniform?: unknown; lognormal?: unknown };
  if (Array.isArray(shape.uniform) && shape.uniform.length === 2) {
    const [minMs, maxMs] = shape.uniform.map(parseDuration);
    if (minMs !== undefined && maxMs !== undefined && minMs <= maxMs) return { kind: 'uniform', minMs, maxMs };
    return undefined;
  }
  if (shape.lognormal && typeof shape.lognormal === 'object') {
    const { median, sigma = DEFAULT_SIGMA } = shape.lognormal as { median?: unknown; sigma?: unknown };
    const medianMs = parseDuration(median);
    if (medianMs !== undefined && typeof sigma === 'number' && sigma >= 0)
      return { kind: 'lognormal', medianMs, sigma };
  }
  return undefined;
}

/** Whether every request gets the same delay (no draws needed). */
export function isFixedDelay(shape: DelayShape): shape is Extract<DelayShape, { kind: 'fixed' }> {
  return shape.kind === 'fixed';
}

/**
 * Milliseconds for one request, from uniform draws in [0, 1) (`next` is called once or twice).
 * A lognormal tail can draw past the longest timer (MAX_TIMER_MS) even from a valid median; such
 * a draw waits the longest timer instead of overflowing to 1 ms.
 */
export function sampleDelay(shape: DelayShape, next: () => number): number {
  switch (shape.kind) {
    case 'fixed':
      return shape.ms;
    case 'uniform':
      return Math.round(shape.minMs + next() * (shape.maxMs - shape.minMs));
    case 'lognormal':
      return Math.min(MAX_TIMER_MS, Math.round(shape.medianMs * Math.exp(shape.sigma * standardNormal(next))));
  }
}

/** Box-Muller: one standard normal value from two uniform draws. */
function standardNormal(next: () => number): number {
  const u = 1 - next();
  const v = next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
