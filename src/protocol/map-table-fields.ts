import { findField, nestedResource, type FieldSpec, type ResourceName } from './fields';

/** Whether a parsed JSON value is an object (what a resource is on the wire), not an array or null. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value of one field of the table, with the resource object it sits in (for values that depend on a sibling). */
export type FieldValueMap = (spec: FieldSpec, value: unknown, record: Record<string, unknown>) => unknown;

/**
 * A copy of `value`, a `resource` as JSON, in its own key order: nested resources (one or a list)
 * are copied the same way at every depth, every other field of the table becomes `map`'s result,
 * and keys the table lacks are kept as they are, or left out with `dropUnknown`.
 */
export function mapTableFields(
  resource: ResourceName,
  value: Record<string, unknown>,
  map: FieldValueMap,
  dropUnknown = false,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    const spec = findField(resource, name);
    const nested = spec && nestedResource(spec.type);
    const copy = (one: unknown) =>
      nested !== undefined && isJsonObject(one) ? mapTableFields(nested, one, map, dropUnknown) : one;
    if (spec === undefined) {
      if (!dropUnknown) out[name] = item;
    } else if (nested !== undefined) out[name] = Array.isArray(item) ? item.map(copy) : copy(item);
    else out[name] = map(spec, item, value);
  }
  return out;
}
