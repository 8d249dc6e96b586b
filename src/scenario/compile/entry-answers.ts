import type { WireOptions } from '../../protocol/wire-encode';
import { DEFAULT_EXPIRED } from '../../protocol/built-in-answers';
import { compileStep, isRandomStep, resolveStep, withSettings, type CompiledStep } from './compile-step';
import type { EntryData } from '../schema/scenario-schema';
import { parseDuration } from '../base/duration';
import type { Answer, AnswerContext, TokenMemory, TokenUse } from './scenario-set';
import { useDraws } from '../base/seeded-draw';
import { compileRateLimit } from './rate-limit';

/** Without a simulator's memory (an answer previewed or shown as an example) each request is its token's first, drawn under seed 0. */
const FIRST_REQUEST: TokenMemory = {
  seed: 0,
  touch: () => {
    const now = Date.now();
    return { uses: 1, firstUseAt: now, now };
  },
};

/** When a token expires: after a number of uses, or a time since its first use (Infinity: never by that measure). */
interface ExpiryRule {
  readonly uses: number;
  readonly ms: number;
}

interface Expiry extends ExpiryRule {
  readonly step: CompiledStep;
}

/** The shape of an entry's answers over requests: how many steps, what follows the last, when it expires. */
export interface AnswerPlan {
  readonly steps: number;
  /** `then: cycle` starts over after the last step; otherwise the last repeats. */
  readonly cycle: boolean;
  readonly expiry: ExpiryRule | null;
}

/** Where one request falls in a plan: its step (0-based), or past the expiry. */
export interface PlanPosition {
  readonly step: number;
  readonly expired: boolean;
}

/** An entry's plan, read from its data as written (defaults merged): cheap, compiles nothing. */
export function planAnswers(entry: EntryData): AnswerPlan {
  const { sequence, then, expire } = entry;
  return {
    steps: Array.isArray(sequence) ? sequence.length : 1,
    cycle: then === 'cycle',
    expiry: expiryRule(expire) ?? null,
  };
}

/** The step a request gets, or that it comes after the expiry: the one rule both answering and the admin view use. */
export function positionOf(plan: AnswerPlan, use: TokenUse): PlanPosition {
  const expired = plan.expiry !== null && (use.uses > plan.expiry.uses || use.now - use.firstUseAt >= plan.expiry.ms);
  const step = plan.cycle ? (use.uses - 1) % plan.steps : Math.min(use.uses - 1, plan.steps - 1);
  return { step, expired };
}

/**
 * The answer function of an entry (file defaults already merged in). A plain entry returns one
 * frozen Answer for every request; one with a sequence, expiry, rate limit or randomness keeps
 * per-token state in the simulator's token memory; the draws of a request are a function of
 * (seed, token, use number), so instances sharing the memory draw what one instance would. A
 * request over the rate limit gets its answer and leaves the sequence and expiry where they were.
 */
export function compileAnswers(
  entry: EntryData,
  base: WireOptions,
  fingerprint: () => string,
): (context: AnswerContext) => Answer | Promise<Answer> {
  const { sequence, then, expire, rateLimit, ...own } = entry;
  const steps = Array.isArray(sequence)
    ? sequence.map((s) => compileStep(withSettings(own, s as EntryData), base))
    : [compileStep(own, base)];
  const expiry = compileExpiry(expire, own, base);
  const limit = compileRateLimit(rateLimit, own, base);
  if (steps.length === 1 && !expiry && !limit && !isRandomStep(steps[0])) {
    const fixed = steps[0].answer;
    return () => fixed;
  }
  const plan = planAnswers(entry);
  const pick = (token: string, seed: number, use: TokenUse): Answer => {
    const draw = useDraws(seed, token, use.uses);
    if (limit && use.limitedForMs !== undefined) return resolveStep(limit.stepFor(use.limitedForMs), draw);
    const at = positionOf(plan, use);
    if (expiry && at.expired) return resolveStep(expiry.step, draw);
    return resolveStep(steps[at.step], draw);
  };
  return (context) => {
    const states = context.states ?? FIRST_REQUEST;
    const use = states.touch(context.token, fingerprint(), limit?.rule);
    // Only a shared memory answers with a promise; the local one keeps the request synchronous.
    if (use instanceof Promise) return use.then((u) => pick(context.token, states.seed, u));
    return pick(context.token, states.seed, use);
  };
}

/** `expire: { after: 3 }` (uses) or `{ after: 30s }` (time since the first request). */
function expiryRule(value: unknown): ExpiryRule | undefined {
  if (value === undefined || value === null || typeof value !== 'object') return undefined;
  const { after } = value as { after?: unknown };
  const byUses = typeof after === 'number';
  return { uses: byUses ? after : Infinity, ms: byUses ? Infinity : (parseDuration(after) ?? Infinity) };
}

/** The expiry rule and its answer (`answer:`, or the built-in 401). */
function compileExpiry(value: unknown, settings: EntryData, base: WireOptions): Expiry | undefined {
  const rule = expiryRule(value);
  if (rule === undefined) return undefined;
  const { answer } = value as { answer?: unknown };
  return { ...rule, step: compileStep(withSettings(settings, (answer ?? DEFAULT_EXPIRED) as EntryData), base) };
}
