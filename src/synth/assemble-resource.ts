import { RESOURCES, type FieldSpec, type ResourceName } from '../protocol/fields';

/** How to fill each field of a resource, keyed by the field's name in the protocol table. */
export type FieldRules<F> = Readonly<Record<string, (facts: F) => unknown>>;

/**
 * A resource object in the protocol table's order (the wire order), built by the rules from
 * `facts`. `keep` decides per field whether to fill it; a rule returning undefined leaves it out.
 */
export function assembleResource<F>(resource: ResourceName, rules: FieldRules<F>, facts: F, keep?: (spec: FieldSpec) => boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of RESOURCES[resource]) {
    const rule = rules[spec.name];
    if (rule === undefined || (keep !== undefined && !spec.required && !keep(spec))) continue;
    const value = rule(facts);
    if (value !== undefined) out[spec.name] = value;
  }
  return out;
}

/** Fields of the protocol table the rules do not know, so a table change cannot slip past the generator. */
export function missingRules(resource: ResourceName, rules: FieldRules<never>): string[] {
  return RESOURCES[resource].map((f) => f.name).filter((name) => !(name in rules));
}
