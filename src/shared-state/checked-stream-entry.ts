import { parseJson } from './checked-fields';

/**
 * A stream entry of the group's: which instance wrote it, the number in the stream of its first
 * item (`seq`; the others follow on) and its items: each still to be checked, or (`kept`) the
 * items this instance kept when it wrote the entry; or a reset marker, with the time the report
 * begins again.
 */
export type StreamEntry =
  | { readonly instance: string; readonly seq: number; readonly kept: true; readonly items: readonly object[] }
  | { readonly instance: string; readonly seq: number; readonly kept: false; readonly items: readonly unknown[] }
  | { readonly reset: number };

/**
 * The fields of one stream entry (`i` the instance, `w` its write, `s` its number, `e` a JSON
 * list of items; or `r` a reset's time) as an entry, or what is wrong with it. Fields are
 * name/value pairs: a name is only ever looked for at a name's place. `keptItems` answers the
 * items kept for a write this instance made, taken once, so its own entries' `e` is not parsed.
 */
export function readStreamEntry(
  fields: unknown,
  keptItems: (write: string) => readonly object[] | undefined,
): StreamEntry | string {
  if (!Array.isArray(fields) || fields.length % 2 !== 0 || !fields.every((f) => typeof f === 'string'))
    return 'not a list of field/value pairs';
  const value = (name: string): string | undefined => {
    for (let i = 0; i < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
    return undefined;
  };
  const reset = value('r');
  if (reset !== undefined) {
    const since = Number(reset);
    return Number.isFinite(since) && since > 0 ? { reset: since } : 'field r (a reset) is not a time';
  }
  const instance = value('i');
  if (instance === undefined) return 'field i (the instance) is missing';
  const seq = Number(value('s'));
  if (!Number.isSafeInteger(seq) || seq < 1) return 'field s (the number) is not a whole number from 1';
  const write = value('w');
  const kept = write === undefined ? undefined : keptItems(write);
  if (kept !== undefined) return { instance, seq, kept: true, items: kept };
  const parsed = parseJson(value('e'));
  if ('problem' in parsed) return `field e (the items) is ${parsed.problem}`;
  if (!Array.isArray(parsed.value)) return 'field e (the items) is not a JSON list';
  return { instance, seq, kept: false, items: parsed.value };
}
