import type { WireOptions } from '../../protocol/wire-encode';
import { DEFAULT_RATE_LIMITED } from '../../protocol/built-in-answers';
import { parseDuration } from '../base/duration';
import type { EntryData } from '../schema/scenario-schema';
import { compileStep, withSettings, type CompiledStep } from './compile-step';
import type { RateLimitRule } from './scenario-set';

/** Answers kept per Retry-After value when the window decides it: a request compiles one past this, uncached. */
const KEPT_WAITS = 64;

/** A compiled `rateLimit:`: the window rule token state counts by, and the answer beyond it. */
export interface CompiledRateLimit {
  readonly rule: RateLimitRule;
  /** The answer for a request `limitedForMs` before its window ends. */
  stepFor(limitedForMs: number): CompiledStep;
}

/**
 * `rateLimit: { requests: 10, per: 1m, retryAfter: 30s, answer: ... }` (validated): beyond
 * `requests` in a window the token answers `answer` (default 429 TOO_MANY_REQUESTS) with
 * `Retry-After` in whole seconds, rounded up: `retryAfter`, or what is left of the window. The
 * answer's own `headers: { Retry-After }` wins over both; the entry's settings apply to it.
 */
export function compileRateLimit(
  value: unknown,
  settings: EntryData,
  base: WireOptions,
): CompiledRateLimit | undefined {
  if (value === undefined || value === null || typeof value !== 'object') return undefined;
  const { requests, per, retryAfter, answer } = value as Record<string, unknown>;
  const rule: RateLimitRule = { requests: Number(requests), perMs: parseDuration(per) ?? Infinity };
  const written = (answer ?? DEFAULT_RATE_LIMITED) as EntryData;
  const compile = (waitMs: number): CompiledStep => {
    const headers = { 'retry-after': String(Math.ceil(waitMs / 1000)), ...(written.headers as object) };
    return compileStep(withSettings(settings, { ...written, headers }), base);
  };
  const fixedMs = parseDuration(retryAfter);
  if (fixedMs !== undefined) {
    const step = compile(fixedMs);
    return { rule, stepFor: () => step };
  }
  const bySeconds = new Map<number, CompiledStep>();
  return {
    rule,
    stepFor: (limitedForMs) => {
      const seconds = Math.ceil(limitedForMs / 1000);
      let step = bySeconds.get(seconds);
      if (step === undefined) {
        step = compile(seconds * 1000);
        if (bySeconds.size < KEPT_WAITS) bySeconds.set(seconds, step);
      }
      return step;
    },
  };
}
