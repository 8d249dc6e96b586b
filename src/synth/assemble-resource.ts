import { RESOURCES, type FieldNameOf, type ResourceName } from '../protocol/fields';

/**
 * How to fill each field of a resource: one rule per field of the protocol table, keyed by the
 * table's own field names, so a field added to the table, or a misspelt rule, fails to compile.
 */
export type FieldRules<R extends ResourceName, F> = { readonly [K in FieldNameOf<R>]: (facts: F) => unknown };

/**
 * A resource object in the protocol table's order (the wire order), built by the rules from
 * `facts`. `keep[i]` says whether to fill the table's i-th field (required ones always are);
 * a rule returning undefined leaves its field out.
 */
export function assembleResource<R extends ResourceName, F>(
  resource: R,
  rules: FieldRules<R, F>,
  facts: F,
  keep?: readonly boolean[],
): Record<string, unknown> {
  const specs = RESOURCES[resource];
  const out: Record<string, unknown> = {};
  for (let i = 0; i < specs.length; i += 1) {
    const spec = specs[i];
    if (keep !== undefined && !keep[i] && !spec.required) continue;
    const value = rules[spec.name as FieldNameOf<R>](facts);
    if (value !== undefined) out[spec.name] = value;
  }
  return out;
}
