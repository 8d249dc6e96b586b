import type { Bounds } from '../scenario/compile/read-expectations';

/** Whether a value lies within the bounds (both inclusive). */
export function isWithin(value: number, bounds: Bounds): boolean {
  return (
    (bounds.atLeast === undefined || value >= bounds.atLeast) && (bounds.atMost === undefined || value <= bounds.atMost)
  );
}

/** `3`, `at least 1`, `at most 2 ms`, `from 100 ms to 400 ms`, as a failure line says them. */
export function describeBounds(bounds: Bounds, unit: '' | 'ms'): string {
  const show = (n: number) => (unit === 'ms' ? describeMs(n) : String(n));
  const { atLeast, atMost } = bounds;
  if (atLeast !== undefined && atMost !== undefined)
    return atLeast === atMost ? show(atLeast) : `from ${show(atLeast)} to ${show(atMost)}`;
  if (atLeast !== undefined) return `at least ${show(atLeast)}`;
  if (atMost !== undefined) return `at most ${show(atMost)}`;
  return 'any';
}

/** Milliseconds as read: `120 ms`, `5.2 s`. */
export function describeMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms)} ms`;
}
