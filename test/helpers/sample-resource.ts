import { RESOURCES, type FieldType, type ResourceName } from '../../src/protocol/fields';

/**
 * An authored value with EVERY field of a resource filled, derived from the field table (so a
 * field added to the table is covered without touching the tests). YAML-native types are used
 * where a scalar is not a string, to prove the wire encoding turns them into strings.
 */
export function sampleResource(resource: ResourceName, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of RESOURCES[resource]) {
    const value = sampleValue(spec.type, `${resource}.${spec.name}`, depth);
    if (value !== undefined) out[spec.name] = value;
  }
  return out;
}

function sampleValue(type: FieldType, label: string, depth: number): unknown {
  if (typeof type === 'object') {
    const nested = 'one' in type ? type.one : type.list;
    if (depth >= 2) return undefined;
    const item = sampleResource(nested, depth + 1);
    return 'one' in type ? item : [item, sampleResource(nested, depth + 1)];
  }
  switch (type) {
    case 'Boolean':
      return true;
    case 'Integer':
    case 'Long':
      return 42;
    case 'Date':
      return '2001-02-03';
    case 'Map<String,String>':
      return { [`${label}.key`]: 'map value' };
    default:
      return `${label} тест`;
  }
}
