/** `true (a JSON boolean)`, `"x"`, `12 (a JSON number)`: a value as a message shows what was got. */
export function describeJson(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a JSON array';
  if (typeof value === 'object') return 'a JSON object';
  return `${JSON.stringify(value)} (a JSON ${typeof value})`;
}
