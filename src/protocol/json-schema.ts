import { RESOURCE_NAMES, RESOURCES, describeType, type FieldSpec, type FieldType, type ResourceName } from './fields';

/**
 * JSON Schemas derived from the field table. "authoring" is what a scenario author may write
 * (every card scalar is read as the text written, so all are strings); "wire" is what the
 * simulator sends with the default wire style, every scalar a JSON string.
 */
export type SchemaMode = 'authoring' | 'wire';

export type JsonSchema = { [key: string]: unknown };

const DATE_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
const INTEGER_PATTERN = '^-?\\d+$';

/** `$defs` with one schema per resource, each titled with the resource name (messages use the title). */
export function resourceDefinitions(mode: SchemaMode): Record<ResourceName, JsonSchema> {
  const defs = {} as Record<ResourceName, JsonSchema>;
  for (const name of RESOURCE_NAMES) defs[name] = resourceSchema(name, mode);
  return defs;
}

/** The complete wire schema of the Response object, for chat-server developers and `auth-sim schema`. */
export function wireResponseSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Client authorization Response',
    $ref: '#/$defs/Response',
    $defs: resourceDefinitions('wire'),
  };
}

function resourceSchema(resource: ResourceName, mode: SchemaMode): JsonSchema {
  const specs = RESOURCES[resource];
  const properties = Object.fromEntries(specs.map((spec) => [spec.name, fieldSchema(spec, mode)]));
  const required = specs.filter((s) => s.required).map((s) => s.name);
  return {
    title: resource,
    description: `a ${resource} object`,
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

function fieldSchema(spec: FieldSpec, mode: SchemaMode): JsonSchema {
  const notes = [spec.meaning, `since ${spec.since}`];
  if (spec.deprecatedFor) notes.push(`deprecated: use ${spec.deprecatedFor}`);
  return { ...typeSchema(spec.type, mode), $comment: notes.join('; '), ...(spec.deprecatedFor ? { deprecated: true } : {}) };
}

function typeSchema(type: FieldType, mode: SchemaMode): JsonSchema {
  if (typeof type === 'object') {
    const ref = { $ref: `#/$defs/${'one' in type ? type.one : type.list}` };
    return 'one' in type ? ref : { type: 'array', items: ref, description: `a list of ${type.list} objects` };
  }
  if (mode === 'wire') return wireScalarSchema(type);
  switch (type) {
    case 'String':
      return { type: 'string', description: 'a string' };
    case 'Date':
      return { type: 'string', pattern: DATE_PATTERN, description: 'a date written YYYY-MM-DD' };
    case 'Boolean':
      return { type: 'string', enum: ['true', 'false'], description: 'true or false' };
    case 'Integer':
    case 'Long':
      return { type: 'string', pattern: INTEGER_PATTERN, description: `an ${describeType(type)} (whole number)` };
    case 'Map<String,String>':
      return { type: 'object', additionalProperties: { type: 'string', description: 'a string' }, description: 'a map of names to strings' };
  }
}

function wireScalarSchema(type: Exclude<FieldType, object>): JsonSchema {
  switch (type) {
    case 'Date':
      return { type: 'string', pattern: DATE_PATTERN };
    case 'Boolean':
      return { type: 'string', enum: ['true', 'false'] };
    case 'Integer':
    case 'Long':
      return { type: 'string', pattern: INTEGER_PATTERN };
    case 'Map<String,String>':
      return { type: 'object', additionalProperties: { type: 'string' } };
    default:
      return { type: 'string' };
  }
}
