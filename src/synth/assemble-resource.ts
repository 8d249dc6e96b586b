import { RESOURCES, type ResourceName } from '../protocol/fields';

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

/** Fields of the protocol table the rules do not know, so a table change cannot slip past the generator. */
export function missingRules(resource: ResourceName, rules: FieldRules<never>): string[] {
  return RESOURCES[resource].map((f) => f.name).filter((name) => !(name in rules));
}
