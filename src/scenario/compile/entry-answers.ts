import type { WireOptions } from '../../protocol/wire-encode';
import { DEFAULT_EXPIRED } from '../../protocol/built-in-answers';
import { compileStep, isRandomStep, resolveStep, withSettings, type CompiledStep } from './compile-step';
import type { StepData } from '../schema/scenario-schema';
import { parseDuration } from '../base/duration';
import type { Answer, AnswerContext, TokenMemory, TokenUse } from './scenario-set';
import { useDraws } from '../base/seeded-draw';

/** Without a simulator's memory (an answer previewed or shown as an example) each request is its token's first, drawn under seed 0. */
const FIRST_REQUEST: TokenMemory = {
  seed: 0,
  touch: () => {
    const now = Date.now();
    return { uses: 1, firstUseAt: now, now };
  },
};

interface Expiry {
  readonly uses: number;
  readonly ms: number;
  readonly step: CompiledStep;
}

/**
 * The answer function of an entry (file defaults already merged in). A plain entry returns one
 * frozen Answer for every request; one with a sequence, expiry or randomness keeps per-token
 * state in the simulator's token memory; the draws of a request are a function of (seed, token,
 * use number), so instances sharing the memory draw what one instance would.
 */
export function compileAnswers(
  entry: StepData,
  base: WireOptions,
  fingerprint: () => string,
): (context: AnswerContext) => Answer | Promise<Answer> {
  const { sequence, then, expire, ...own } = entry;
  const steps = Array.isArray(sequence)
    ? sequence.map((s) => compileStep(withSettings(own, s as StepData), base))
    : [compileStep(own, base)];
  const expiry = compileExpiry(expire, own, base);
  if (steps.length === 1 && !expiry && !isRandomStep(steps[0])) {
    const fixed = steps[0].answer;
    return () => fixed;
  }
  const cycle = then === 'cycle';
  const pick = (token: string, seed: number, use: TokenUse): Answer => {
    const draw = useDraws(seed, token, use.uses);
    if (expiry && isExpired(expiry, use)) return resolveStep(expiry.step, draw);
    const index = cycle ? (use.uses - 1) % steps.length : Math.min(use.uses - 1, steps.length - 1);
    return resolveStep(steps[index], draw);
  };
  return (context) => {
    const states = context.states ?? FIRST_REQUEST;
    const use = states.touch(context.token, fingerprint());
    // Only a shared memory answers with a promise; the local one keeps the request synchronous.
    if (use instanceof Promise) return use.then((u) => pick(context.token, states.seed, u));
    return pick(context.token, states.seed, use);
  };
}

function isExpired(expiry: Expiry, use: TokenUse): boolean {
  return use.uses > expiry.uses || use.now - use.firstUseAt >= expiry.ms;
}

/** `expire: { after: 3 }` (uses) or `{ after: 30s }` (time since the first request), and its answer. */
function compileExpiry(value: unknown, settings: StepData, base: WireOptions): Expiry | undefined {
  if (value === undefined || value === null || typeof value !== 'object') return undefined;
  const { after, answer } = value as { after?: unknown; answer?: unknown };
  const byUses = typeof after === 'number';
  const uses = byUses ? after : Infinity;
  const ms = byUses ? Infinity : (parseDuration(after) ?? Infinity);
  const step = compileStep(withSettings(settings, (answer ?? DEFAULT_EXPIRED) as StepData), base);
  return { uses, ms, step };
}
