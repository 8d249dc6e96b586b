import { parseJson } from './checked-fields';

/** A stream entry of the group's: which instance wrote it, and its items (each still to be checked). */
export interface StreamEntry {
  readonly instance: string;
  readonly items: readonly unknown[];
}

/**
 * The fields of one stream entry (`i` the instance, `e` a JSON list of items) as an entry, or what
 * is wrong with it. Fields are name/value pairs: a name is only ever looked for at a name's place.
 */
export function readStreamEntry(fields: unknown): StreamEntry | string {
  if (!Array.isArray(fields) || fields.length % 2 !== 0 || !fields.every((f) => typeof f === 'string'))
    return 'not a list of field/value pairs';
  const value = (name: string): string | undefined => {
    for (let i = 0; i < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
    return undefined;
  };
  const instance = value('i');
  if (instance === undefined) return 'field i (the instance) is missing';
  const parsed = parseJson(value('e'));
  if ('problem' in parsed) return `field e (the items) is ${parsed.problem}`;
  if (!Array.isArray(parsed.value)) return 'field e (the items) is not a JSON list';
  return { instance, items: parsed.value };
}
