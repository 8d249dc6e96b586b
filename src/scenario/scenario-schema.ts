import { RESOURCES } from '../protocol/fields';
import { resourceDefinitions, type JsonSchema } from '../protocol/json-schema';
import { PROTOCOL_VERSIONS } from '../protocol/versions';
import { WIRE_STYLES } from '../protocol/wire-encode';
import { ANSWER_KEYS, delaySchema, ENTRY_ONLY_KEYS } from './toolbox-schema';
import { generateListSchema } from './generate-schema';
import { CALLER_AUTH_FORMS, CALLER_AUTH_PATTERN } from '../caller-auth/caller-credentials';

/**
 * The JSON Schema of a scenario file. Entries are the wire Response (fields straight from the
 * protocol table) plus control keys; titles name things in messages ("not a Client field").
 */


/** Control keys of an entry, beside the Response fields. */
export const CONTROL_KEYS: Record<string, JsonSchema> = {
  status: { type: 'integer', minimum: 100, maximum: 599, description: 'an HTTP status from 100 to 599' },
  delay: delaySchema,
  body: { enum: ['none'], description: '"none" (send the status with no body at all)' },
  headers: {
    type: 'object',
    additionalProperties: { type: ['string', 'number'], description: 'a header value: a string or a number' },
    description: 'a map of header names to values',
  },
  protocol: { enum: [...PROTOCOL_VERSIONS], description: `a protocol version: ${PROTOCOL_VERSIONS.join(', ')}` },
  wire: { enum: [...WIRE_STYLES], description: `a wire style: ${WIRE_STYLES.join(' or ')}` },
  ...ANSWER_KEYS,
  ...ENTRY_ONLY_KEYS,
};

function entrySchema(): JsonSchema {
  const responseFields = resourceDefinitions('authoring').Response.properties as Record<string, JsonSchema>;
  return {
    title: 'scenario entry',
    description: 'a scenario entry',
    type: 'object',
    properties: { ...responseFields, ...CONTROL_KEYS },
    additionalProperties: false,
  };
}

/** One answer inside an entry (a `sequence` step, `otherwise`, `expire.answer`): an entry without the entry-only keys. */
function stepSchema(): JsonSchema {
  const responseFields = resourceDefinitions('authoring').Response.properties as Record<string, JsonSchema>;
  const own = Object.fromEntries(Object.entries(CONTROL_KEYS).filter(([k]) => !(k in ENTRY_ONLY_KEYS)));
  return { title: 'step', description: 'a step (one answer)', type: 'object', properties: { ...responseFields, ...own }, additionalProperties: false };
}

const callerCredentialSchema: JsonSchema = { type: 'string', pattern: CALLER_AUTH_PATTERN, description: `a caller credential: ${CALLER_AUTH_FORMS}` };

/** The credentials the file's tokens demand from the caller: one, or a list of accepted ones. */
const callerAuthSchema: JsonSchema = {
  if: { type: 'array' },
  then: { type: 'array', items: callerCredentialSchema, minItems: 1, description: 'a list of caller credentials' },
  else: callerCredentialSchema,
};

/** Keys whose values may hold secrets: messages about them never show the value. */
export const SECRET_KEYS: readonly string[] = ['callerAuth'];

/** File-level settings that apply to every entry of the file unless the entry says otherwise. */
const defaultsSchema: JsonSchema = {
  title: 'defaults',
  description: 'file defaults',
  type: 'object',
  properties: { delay: delaySchema, headers: CONTROL_KEYS.headers, protocol: CONTROL_KEYS.protocol, wire: CONTROL_KEYS.wire, callerAuth: callerAuthSchema },
  additionalProperties: false,
};

/** The names an entry may use, for "did you mean" suggestions. */
export const ENTRY_KEYS: readonly string[] = [...RESOURCES.Response.map((f) => f.name), ...Object.keys(CONTROL_KEYS)];

/** The whole scenario file schema. */
export function scenarioFileSchema(): JsonSchema {
  return {
    $id: 'auth-sim-scenario-file',
    title: 'scenario file',
    description: 'a scenario file',
    type: 'object',
    properties: {
      tokens: {
        title: 'tokens',
        description: 'a map of tokens to entries',
        type: 'object',
        additionalProperties: { $ref: '#/$defs/Entry' },
      },
      fallback: { $ref: '#/$defs/Entry' },
      unavailable: { $ref: '#/$defs/Entry' },
      callerAuthFailed: { $ref: '#/$defs/Entry' },
      defaults: defaultsSchema,
      generate: generateListSchema(CONTROL_KEYS),
    },
    additionalProperties: false,
    $defs: { ...resourceDefinitions('authoring'), Entry: entrySchema(), Step: stepSchema() },
  };
}
