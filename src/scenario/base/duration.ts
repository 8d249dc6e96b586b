const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * The longest wait a Node timer holds: setTimeout takes a signed 32-bit count of milliseconds,
 * and anything past it fires after 1 ms instead (with only a TimeoutOverflowWarning).
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The JSON Schema pattern of a duration string: "250ms", "2.5s", "1m", "2h", or bare milliseconds. */
export const DURATION_PATTERN = DURATION.source;

/** Milliseconds from a number (already milliseconds) or a duration string; undefined if neither. */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = DURATION.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * UNIT_MS[match[2] ?? 'ms'];
}
