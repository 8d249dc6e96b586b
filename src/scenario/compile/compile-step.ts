import type { WireOptions } from '../../protocol/wire-encode';
import { buildReply } from './build-reply';
import { wireOptionsFor } from '../schema/wire-options-for';
import { SETTING_KEYS, type EntryData } from '../schema/scenario-schema';
import { isFixedDelay, NO_DELAY, sampleDelay, toDelayShape, type DelayShape } from '../base/delay-shape';
import { compileFault } from './fault-replies';
import type { Answer } from './scenario-set';

/** One answer, prebuilt: its frozen Answer, its delay shape, and what to answer when its `chance` misses. */
export interface CompiledStep {
  readonly answer: Answer;
  readonly delay: DelayShape;
  /** The probability this step fires; undefined: always. */
  readonly chance?: number;
  readonly otherwise?: CompiledStep;
}

/** Settings (`defaults:`, or the surrounding entry) under a step's own keys; headers are merged. */
export function withSettings(settings: EntryData, step: EntryData): EntryData {
  const inherited = Object.fromEntries(
    SETTING_KEYS.filter((k) => settings[k] !== undefined).map((k) => [k, settings[k]]),
  );
  return { ...inherited, ...step, headers: { ...(settings.headers as object), ...(step.headers as object) } };
}

/** Compiles one step (settings already merged in): every reply variant becomes bytes now. */
export function compileStep(step: EntryData, base: WireOptions): CompiledStep {
  const honest = buildReply(step, wireOptionsFor(step, base));
  const delay = toDelayShape(step.delay) ?? NO_DELAY;
  const faulty = step.fault === undefined ? undefined : compileFault(step.fault, honest);
  const delayMs = isFixedDelay(delay) ? delay.ms : 0;
  const answer: Answer = Object.freeze(
    faulty ? { reply: faulty.reply, delayMs, fault: faulty.fault } : { reply: honest, delayMs },
  );
  if (typeof step.chance !== 'number') return Object.freeze({ answer, delay });
  return Object.freeze({ answer, delay, chance: step.chance, otherwise: compileOtherwise(step, base) });
}

/** What a step answers when its chance misses: its `otherwise`, or the step without its fault. */
function compileOtherwise(step: EntryData, base: WireOptions): CompiledStep {
  if (step.otherwise !== undefined) return compileStep(withSettings(step, step.otherwise as EntryData), base);
  const { fault: _fault, chance: _chance, ...honest } = step;
  return compileStep(honest, base);
}

/** Whether a step's answers can differ between requests (a chance or a random delay somewhere). */
export function isRandomStep(step: CompiledStep): boolean {
  return (
    step.chance !== undefined ||
    !isFixedDelay(step.delay) ||
    (step.otherwise !== undefined && isRandomStep(step.otherwise))
  );
}

/** The answer one request gets from a step, taking random draws from `draw` as needed. */
export function resolveStep(step: CompiledStep, draw: () => number): Answer {
  let current = step;
  while (current.chance !== undefined && current.otherwise !== undefined && draw() >= current.chance)
    current = current.otherwise;
  if (isFixedDelay(current.delay)) return current.answer;
  return { ...current.answer, delayMs: sampleDelay(current.delay, draw) };
}
