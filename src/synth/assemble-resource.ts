import { RESOURCES, type ResourceName } from '../protocol/fields';
import type { WireJson } from '../protocol/wire-json';

/** How to fill each field of a resource, keyed by the field's name in the protocol table. */
export type FieldRules<F> = Readonly<Record<string, (facts: F) => unknown>>;

/**
 * A resource object in the protocol table's order (the wire order), built by the rules from
 * `facts`. `keep[i]` says whether to fill the table's i-th field (required ones always are);
 * a rule returning undefined leaves its field out. Index loops, not iterators: this runs for
 * every card.
 */
export function assembleResource<F>(resource: ResourceName, rules: FieldRules<F>, facts: F, keep?: readonly boolean[]): Record<string, unknown> {
  const specs = RESOURCES[resource];
  const out: Record<string, unknown> = {};
  for (let i = 0; i < specs.length; i += 1) {
    const spec = specs[i];
    if (keep !== undefined && !keep[i] && !spec.required) continue;
    const rule = rules[spec.name];
    if (rule === undefined) continue;
    const value = rule(facts);
    if (value !== undefined) out[spec.name] = value;
  }
  return out;
}

/**
 * assembleResource and its wire encoding in one pass: the same rules run in the same order (so
 * the same random draws are taken, served or not), but each value is written straight out as
 * wire JSON instead of into an object that is encoded and stringified afterwards.
 */
export function writeResource<F>(wire: WireJson, resource: ResourceName, rules: FieldRules<F>, facts: F, keep?: readonly boolean[]): string {
  const specs = RESOURCES[resource];
  const served = wire.tableFields(resource);
  let out = '';
  for (let i = 0; i < specs.length; i += 1) {
    const spec = specs[i];
    if (keep !== undefined && !keep[i] && !spec.required) continue;
    const rule = rules[spec.name];
    if (rule === undefined) continue;
    const value = rule(facts);
    const field = served[i];
    if (value === undefined || field === undefined) continue;
    out += (out === '' ? field.first : field.next) + wire.value(spec.type, value);
  }
  return out === '' ? '{}' : `${out}}`;
}

/** Fields of the protocol table the rules do not know, so a table change cannot slip past the generator. */
export function missingRules(resource: ResourceName, rules: FieldRules<never>): string[] {
  return RESOURCES[resource].map((f) => f.name).filter((name) => !(name in rules));
}
