/**
 * The checks a value read back from Redis goes through: another client may have written anything
 * there, so every field is tested before the value is used, and a value that fails is described
 * (never thrown). Hand-written rather than Ajv: the shapes are flat records of a few scalar kinds,
 * and Ajv would add its load and a schema compile to every group start for them.
 */

/** One field's test and what the field must be, in words ("a string", "null or a number"). */
export interface FieldCheck<T> {
  readonly what: string;
  readonly test: (value: unknown) => value is T;
}

/** A record's fields and their checks. */
export type FieldSpec = Readonly<Record<string, FieldCheck<unknown>>>;

/** The record a spec checks for. */
export type Checked<S extends FieldSpec> = { -readonly [K in keyof S]: S[K] extends FieldCheck<infer T> ? T : never };

export const aString: FieldCheck<string> = { what: 'a string', test: (v): v is string => typeof v === 'string' };
export const aBoolean: FieldCheck<boolean> = {
  what: 'true or false',
  test: (v): v is boolean => typeof v === 'boolean',
};
export const aNumber: FieldCheck<number> = {
  what: 'a finite number',
  test: (v): v is number => typeof v === 'number' && Number.isFinite(v),
};
export const aCount: FieldCheck<number> = {
  what: 'a whole number from 0',
  test: (v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0,
};
export function nullable<T>(check: FieldCheck<T>): FieldCheck<T | null> {
  return { what: `null or ${check.what}`, test: (v): v is T | null => v === null || check.test(v) };
}

/** A field that may be left out (a journal entry's `session`); when present it must pass `check`. */
export function optional<T>(check: FieldCheck<T>): FieldCheck<T | undefined> {
  return { what: check.what, test: (v): v is T | undefined => v === undefined || check.test(v) };
}

export function oneOf<const T extends string>(values: readonly T[]): FieldCheck<T> {
  return {
    what: `one of ${values.join(', ')}`,
    test: (v): v is T => typeof v === 'string' && (values as readonly string[]).includes(v),
  };
}

export function listOf<T>(check: FieldCheck<T>): FieldCheck<T[]> {
  return {
    what: `a list, each ${check.what}`,
    test: (v): v is T[] => Array.isArray(v) && v.every((item) => check.test(item)),
  };
}

/** Whether a value is a plain JSON object (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A fresh record holding just the spec's fields (so a `__proto__` or extra key never comes
 * along), or a sentence naming the first field that fails.
 */
export function checkFields<S extends FieldSpec>(value: unknown, spec: S): Checked<S> | string {
  if (!isRecord(value)) return `not an object but ${describeJson(value)}`;
  const out: Record<string, unknown> = {};
  // A for-in over the spec (a plain literal): no list of its entries is made per value checked.
  for (const name in spec) {
    const check = spec[name];
    const field = Object.hasOwn(value, name) ? value[name] : undefined;
    if (!check.test(field))
      return field === undefined ? `${name} is missing` : `${name} is ${describeJson(field)}, not ${check.what}`;
    if (field !== undefined) out[name] = field;
  }
  return out as Checked<S>;
}

/**
 * A record's fields as a list in the spec's order: what the group's streams carry, so the field
 * names are not written, sent and parsed again for every request. A field left out goes as null.
 */
export function listFields<S extends FieldSpec>(record: { readonly [K in keyof S]?: unknown }, spec: S): unknown[] {
  const list: unknown[] = [];
  for (const name in spec) list.push(record[name] ?? null);
  return list;
}

/**
 * A list written by listFields read back as a fresh record, or a sentence naming the first field
 * that fails; null stands for a field left out where the spec lets it be left out but not null.
 */
export function checkFieldList<S extends FieldSpec>(value: unknown, spec: S): Checked<S> | string {
  if (!Array.isArray(value)) return `not a list of fields but ${describeJson(value)}`;
  const out: Record<string, unknown> = {};
  let at = 0;
  for (const name in spec) {
    const check = spec[name];
    let field: unknown = value[at++];
    if (field === null && !check.test(null) && check.test(undefined)) field = undefined;
    if (!check.test(field))
      return field === undefined ? `${name} is missing` : `${name} is ${describeJson(field)}, not ${check.what}`;
    if (field !== undefined) out[name] = field;
  }
  return at === value.length ? (out as Checked<S>) : `holds ${value.length} fields, not ${at}`;
}

/** JSON.parse that answers instead of throwing: the value, or a sentence saying it is not JSON. */
export function parseJson(text: unknown): { readonly value: unknown } | { readonly problem: string } {
  if (typeof text !== 'string') return { problem: 'missing' };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { problem: `not JSON: ${preview(text)}` };
  }
}

/** What a JSON value is, short enough for a log line. */
function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return preview(value);
  return JSON.stringify(value) ?? 'undefined';
}

/** A string as a log line may show it: quoted, control characters escaped, cut at 40 characters. */
function preview(text: string): string {
  return text.length > 40
    ? `${JSON.stringify(text.slice(0, 40)).slice(0, -1)}..." (${text.length} characters)`
    : JSON.stringify(text);
}
