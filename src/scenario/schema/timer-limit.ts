import { readFault } from './fault-names';
import { MAX_TIMER_MS, parseDuration } from '../base/duration';
import type { NodePath } from '../base/locate-node';
import { dotted } from './check-scenario-file';

/** How MAX_TIMER_MS reads in the units a scenario uses. */
const MAX_TIMER_TEXT = `${MAX_TIMER_MS} ms = ${Math.floor(MAX_TIMER_MS / 60_000)}m, about 24.8 days`;

/**
 * Every duration in one answer that becomes a timer (a delay, its uniform bounds or lognormal
 * median, a hang or drip fault) and is longer than a timer can wait; each as a message.
 */
export function overlongDurations(answer: Record<string, unknown>, path: NodePath): { path: NodePath; message: string }[] {
  return timedValues(answer, path).flatMap(([at, value]) => {
    const ms = parseDuration(value);
    if (ms === undefined || ms <= MAX_TIMER_MS) return [];
    return [{ path: at, message: `${dotted(at)} is ${ms} ms, longer than a timer can wait (at most ${MAX_TIMER_TEXT}); shorten it` }];
  });
}

/** Each duration a timer would wait on, with where it is written. */
function timedValues(answer: Record<string, unknown>, path: NodePath): [NodePath, unknown][] {
  const found: [NodePath, unknown][] = [];
  const delay = answer.delay;
  if (delay !== null && typeof delay === 'object' && !Array.isArray(delay)) {
    const shape = delay as { uniform?: unknown; lognormal?: { median?: unknown } };
    if (Array.isArray(shape.uniform)) shape.uniform.forEach((value, i) => found.push([[...path, 'delay', 'uniform', i], value]));
    if (shape.lognormal && typeof shape.lognormal === 'object') found.push([[...path, 'delay', 'lognormal', 'median'], shape.lognormal.median]);
  } else if (delay !== undefined) {
    found.push([[...path, 'delay'], delay]);
  }
  const fault = readFault(answer.fault);
  if (fault && (fault.name === 'hang' || fault.name === 'drip')) found.push([[...path, 'fault', fault.name], fault.param]);
  return found;
}
