/**
 * The misbehaviours an entry can act out instead of an honest answer, each as a real client
 * sees it from a broken authorization service or the proxy in front of it.
 */
export const FAULT_NAMES = [
  'reset',
  'close',
  'hang',
  'malformed',
  'truncated',
  'drip',
  'html',
  'empty-200',
  'no-card',
] as const;

export type FaultName = (typeof FAULT_NAMES)[number];

/** Defaults for the parameters below. */
export const FAULT_DEFAULTS = { hangMs: 60_000, dripMs: 3_000, htmlStatus: 502 } as const;

/** Faults that take a parameter in the `fault: { name: value }` form, and what the value is for. */
export const FAULT_PARAMETERS = {
  hang: `how long to hold the connection before closing it (default ${FAULT_DEFAULTS.hangMs / 1000}s)`,
  drip: `how long sending the body takes (default ${FAULT_DEFAULTS.dripMs / 1000}s)`,
  html: `for the error page (default ${FAULT_DEFAULTS.htmlStatus})`,
} as const satisfies Partial<Record<FaultName, string>>;

/** Whether `value` names a known fault. */
function isFaultName(value: unknown): value is FaultName {
  return typeof value === 'string' && (FAULT_NAMES as readonly string[]).includes(value);
}

/** A fault as written: `fault: reset` or `fault: { hang: 30s }`; the name and its raw parameter. */
export function readFault(value: unknown): { readonly name: FaultName; readonly param: unknown } | undefined {
  if (isFaultName(value)) return { name: value, param: undefined };
  if (value === null || typeof value !== 'object') return undefined;
  const [pair] = Object.entries(value);
  return pair && isFaultName(pair[0]) ? { name: pair[0], param: pair[1] } : undefined;
}
