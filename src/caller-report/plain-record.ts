/**
 * An empty record with no prototype: the caller names its tokens, so `__proto__`, `toString` or
 * `hasOwnProperty` must be keys like any other, never Object.prototype's members. JSON.stringify
 * writes its keys as it does a plain object's; JSON.parse gives them back as own keys.
 */
export function plainRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A record of the entries, with no prototype. */
export function plainRecordOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const record = plainRecord<T>();
  for (const [key, value] of entries) record[key] = value;
  return record;
}
