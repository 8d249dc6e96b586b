import { COMPANY_MODULES } from './modules';
import {
  RESOURCE_NAMES,
  RESOURCES,
  describeType,
  type FieldSpec,
  type FieldType,
  type ResourceName,
  type ScalarType,
} from './fields';

/**
 * JSON Schemas derived from the field table. "authoring" is what a scenario author may write
 * (every card scalar is read as the text written, so all are strings); "wire" is what the
 * simulator sends with the default wire style, every scalar a JSON string; "wire-typed" is the
 * `wire: typed` style, Booleans and whole numbers as JSON types.
 */
export type SchemaMode = 'authoring' | 'wire' | 'wire-typed';

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

/** What a field is, from its table row: the loader ignores it, the editor schema shows it on hover. */
function fieldNote(spec: FieldSpec): string {
  const notes = [describeType(spec.type), spec.required ? 'required' : 'optional', `since protocol ${spec.since}`];
  if (spec.deprecatedFor) notes.push(`deprecated: use ${spec.deprecatedFor}`);
  if (spec.needsCompanyModule) notes.push(`served only with the ${COMPANY_MODULES.join(' or ')} module`);
  if (spec.declaredValues)
    notes.push(`declared values ${spec.declaredValues.map((v) => `"${v}"`).join(', ')}; others are served`);
  if (spec.undocumented) notes.push('not in the reference tables; shown in its sample');
  return `${spec.meaning} (${notes.join('; ')})`;
}

function fieldSchema(spec: FieldSpec, mode: SchemaMode): JsonSchema {
  return {
    ...typeSchema(spec.type, mode),
    $comment: fieldNote(spec),
    ...(spec.deprecatedFor ? { deprecated: true } : {}),
  };
}

/** Each scalar type as the default wire sends it (a JSON string), and what an author reads of it. */
const SCALARS: Record<ScalarType, { readonly wire: JsonSchema; readonly about: string }> = {
  String: { wire: { type: 'string' }, about: 'a string' },
  Date: { wire: { type: 'string', pattern: DATE_PATTERN }, about: 'a date written YYYY-MM-DD' },
  Boolean: { wire: { type: 'string', enum: ['true', 'false'] }, about: 'true or false' },
  Integer: { wire: { type: 'string', pattern: INTEGER_PATTERN }, about: 'an Integer (whole number)' },
  Long: { wire: { type: 'string', pattern: INTEGER_PATTERN }, about: 'a Long (whole number)' },
};

function typeSchema(type: FieldType, mode: SchemaMode): JsonSchema {
  if (typeof type === 'object') {
    const ref = { $ref: `#/$defs/${'one' in type ? type.one : type.list}` };
    return 'one' in type ? ref : { type: 'array', items: ref, description: `a list of ${type.list} objects` };
  }
  const authoring = mode === 'authoring';
  if (type === 'Map<String,String>') {
    return {
      type: 'object',
      additionalProperties: typeSchema('String', mode),
      ...(authoring ? { description: 'a map of names to strings' } : {}),
    };
  }
  // encodeScalar's typed style: whole numbers beyond 2^53 stay strings, since a JSON number would lose digits.
  if (mode === 'wire-typed' && type === 'Boolean') return { type: 'boolean' };
  if (mode === 'wire-typed' && (type === 'Integer' || type === 'Long')) {
    return {
      type: ['integer', 'string'],
      pattern: INTEGER_PATTERN,
      format: type === 'Long' ? 'int64' : 'int32',
      description: 'a JSON number (a string of digits only beyond 2^53)',
    };
  }
  return { ...SCALARS[type].wire, ...(authoring ? { description: SCALARS[type].about } : {}) };
}

/**
 * A copy of `schema` in which every node's `$comment` (what a field or key is, e.g. fieldNote)
 * becomes the start of its `description`, followed by what the value must be: the loader keeps
 * descriptions for its messages and ignores comments; editors and OpenAPI tools show descriptions.
 */
export function notesAsDescriptions<T>(node: T): T {
  if (Array.isArray(node)) return node.map(notesAsDescriptions) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = notesAsDescriptions(value);
  if (typeof out.$comment === 'string') {
    out.description =
      typeof out.description === 'string' ? `${out.$comment}. Expected: ${out.description}.` : `${out.$comment}.`;
    delete out.$comment;
  }
  return out as T;
}
