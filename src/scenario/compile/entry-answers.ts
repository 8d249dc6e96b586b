import type { WireOptions } from '../../protocol/wire-encode';
import { DEFAULT_EXPIRED } from '../../protocol/built-in-answers';
import { compileStep, isRandomStep, resolveStep, withSettings, type CompiledStep } from './compile-step';
import type { StepData } from '../schema/scenario-schema';
import { parseDuration } from '../base/duration';
import type { Answer, AnswerContext, TokenMemory, TokenState } from './scenario-set';
import { drawUnit, hashToken } from '../base/seeded-draw';

/** Without a simulator's memory (an answer previewed or shown as an example) each request is its token's first, drawn under seed 0. */
const FIRST_REQUEST: TokenMemory = {
  touch: (token, fingerprint) => ({
    uses: 1,
    firstUseAt: Date.now(),
    draws: 0,
    tokenHash: hashToken(token),
    fingerprint,
  }),
  draw: (state) => drawUnit(0, state.tokenHash, state.draws++),
  now: () => Date.now(),
};

interface Expiry {
  readonly uses: number;
  readonly ms: number;
  readonly step: CompiledStep;
}

/**
 * The answer function of an entry (file defaults already merged in). A plain entry returns one
 * frozen Answer for every request; one with a sequence, expiry or randomness keeps per-token
 * state in the simulator's TokenStates, taking its step synchronously as the request arrives.
 */
export function compileAnswers(
  entry: StepData,
  base: WireOptions,
  fingerprint: () => string,
): (context: AnswerContext) => Answer {
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
  return (context) => {
    const states = context.states ?? FIRST_REQUEST;
    const state = states.touch(context.token, fingerprint());
    const draw = () => states.draw(state);
    if (expiry && isExpired(expiry, state, states.now())) return resolveStep(expiry.step, draw);
    const index = cycle ? (state.uses - 1) % steps.length : Math.min(state.uses - 1, steps.length - 1);
    return resolveStep(steps[index], draw);
  };
}

function isExpired(expiry: Expiry, state: TokenState, now: number): boolean {
  return state.uses > expiry.uses || now - state.firstUseAt >= expiry.ms;
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
