/**
 * The misbehaviours an entry can act out instead of an honest answer, each as a real client
 * sees it from a broken authorization service or the proxy in front of it.
 */
export const FAULT_NAMES = ['reset', 'close', 'hang', 'malformed', 'truncated', 'drip', 'html', 'empty-200', 'no-card'] as const;

export type FaultName = (typeof FAULT_NAMES)[number];

/** Faults that take a parameter in the `fault: { name: value }` form, and what the value means. */
export const FAULT_PARAMETERS = {
  hang: 'how long to hold the connection before closing it (default 60s)',
  drip: 'how long sending the body takes (default 3s)',
  html: 'the HTTP status of the error page (default 502)',
} as const satisfies Partial<Record<FaultName, string>>;

/** Defaults for the parameters above. */
export const FAULT_DEFAULTS = { hangMs: 60_000, dripMs: 3_000, htmlStatus: 502 } as const;

/** Whether `value` names a known fault. */
export function isFaultName(value: unknown): value is FaultName {
  return typeof value === 'string' && (FAULT_NAMES as readonly string[]).includes(value);
}
