import { parseDuration } from '../base/duration';
import type { NodePath } from '../base/locate-node';
import { dotted } from './check-scenario-file';

/** The `expect:` keys whose value may be a range, by what it bounds (durations are compared in ms). */
const RANGES: Readonly<Record<string, 'count' | 'duration'>> = {
  calls: 'count',
  retries: 'count',
  callsAfterCard: 'count',
  unknownTokens: 'count',
  gap: 'duration',
  abandonedAfter: 'duration',
};

/**
 * Every range in one schema-checked `expect:` whose lower bound is above its upper one
 * (`calls: { atLeast: 3, atMost: 1 }`): no traffic could pass it, so it is refused at its
 * `atLeast` rather than failing every run. JSON Schema cannot compare two values, hence here.
 */
export function impossibleRanges(expect: unknown, path: NodePath): { path: NodePath; message: string }[] {
  if (expect === null || typeof expect !== 'object') return [];
  return Object.entries(expect as Record<string, unknown>).flatMap(([key, value]) => {
    const kind = RANGES[key];
    if (kind === undefined || value === null || typeof value !== 'object') return [];
    const { atLeast, atMost } = value as { atLeast?: unknown; atMost?: unknown };
    const read = kind === 'count' ? (v: unknown) => (typeof v === 'number' ? v : undefined) : parseDuration;
    const low = read(atLeast);
    const high = read(atMost);
    if (low === undefined || high === undefined || low <= high) return [];
    const at = [...path, key, 'atLeast'];
    return [
      {
        path: at,
        message: `${dotted(at)} (${String(atLeast)}) is greater than atMost (${String(atMost)}), so this expectation could never pass; swap them, or fix the one that is wrong`,
      },
    ];
  });
}
