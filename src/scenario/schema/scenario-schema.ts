import { resourceDefinitions, type JsonSchema } from '../../protocol/json-schema';
import { PROTOCOL_VERSIONS } from '../../protocol/versions';
import { WIRE_STYLES } from '../../protocol/wire-encode';
import { ANSWER_KEYS, delaySchema, ENTRY_ONLY_KEYS, HTTP_STATUS_SCHEMA } from './toolbox-schema';
import { generateListSchema } from './generate-schema';
import { DEFAULT_CALLER_REFUSAL, DEFAULT_FALLBACK, DEFAULT_UNAVAILABLE } from '../../protocol/built-in-answers';
import { headersSchema } from './header-schema';
import { runExpectSchema } from './expect-schema';
import { CALLER_AUTH_FORMS, CALLER_AUTH_PATTERN } from '../../caller-auth/caller-credentials';

/**
 * The JSON Schema of a scenario file. Entries are the wire Response (fields straight from the
 * protocol table) plus control keys; titles name things in messages ("not a Client field").
 */

/**
 * Validated scenario data as written: Response fields plus control keys. One shape serves an
 * entry, a file's `defaults:` and a step (one of a `sequence`'s items, an `otherwise`).
 */
export type EntryData = Record<string, unknown>;

/** Keys a step passes down to the answers nested in it (`otherwise`), as file `defaults:` do (DEFAULTS_KEYS holds them). */
export const SETTING_KEYS = ['delay', 'headers', 'protocol', 'wire'] as const;

/**
 * Control keys of an entry, beside the Response fields. `$comment` says what a key does: Ajv
 * ignores it, the editor schema (editor-schema.ts) shows it on hover; `description` is what
 * a value must be, worded for the loader's messages ("must be an HTTP status ...").
 */
export const CONTROL_KEYS = {
  status: { ...HTTP_STATUS_SCHEMA, $comment: 'The HTTP status of the answer (default 200); a 204 or 304 has no body, so body fields on one are refused' },
  delay: { ...delaySchema, $comment: 'How long to wait before answering: fixed, or drawn per request from a shape' },
  body: { enum: ['none'], description: '"none" (send the status with no body at all)', $comment: 'Send no body at all (the reference says a client must handle a bare status)' },
  headers: { ...headersSchema, $comment: 'Extra HTTP response headers; not Content-Length or Transfer-Encoding, which auth-sim sets from the bytes it sends' },
  protocol: { enum: [...PROTOCOL_VERSIONS], description: `a protocol version: ${PROTOCOL_VERSIONS.join(', ')}`, $comment: 'The protocol version to serve: fields introduced later are left out' },
  wire: { enum: [...WIRE_STYLES], description: `a wire style: ${WIRE_STYLES.join(' or ')}`, $comment: 'strings: every scalar a JSON string, as the reference shows; typed: JSON numbers and booleans' },
  ...ANSWER_KEYS,
  ...ENTRY_ONLY_KEYS,
} satisfies Record<string, JsonSchema>;

const callerCredentialSchema: JsonSchema = { type: 'string', pattern: CALLER_AUTH_PATTERN, description: `a caller credential: ${CALLER_AUTH_FORMS}` };

/** The credentials the file's tokens demand from the caller: one, or a list of accepted ones. */
const callerAuthSchema: JsonSchema = {
  if: { type: 'array' },
  then: { type: 'array', items: callerCredentialSchema, minItems: 1, description: 'a list of caller credentials' },
  else: callerCredentialSchema,
  $comment: `Credentials the chat server must send for this file's tokens: ${CALLER_AUTH_FORMS}, or a list of them`,
};

/** Keys whose values may hold secrets: messages about them never show the value. */
export const SECRET_KEYS: readonly string[] = ['callerAuth'];

/** Whether a problem's dotted path (`defaults.callerAuth[1]`) is at or under a secret key, so its source line is not shown either. */
export function isSecretPath(path: string): boolean {
  return path.split(/[.[\]]/).some((step) => SECRET_KEYS.includes(step));
}

/** The keys of `defaults:`: the settings every entry of the file gets unless it says otherwise (a rate limit too, not passed to steps), and `callerAuth`, which guards the file's tokens. */
export const DEFAULTS_KEYS = {
  ...(Object.fromEntries(SETTING_KEYS.map((k) => [k, CONTROL_KEYS[k]])) as Pick<typeof CONTROL_KEYS, (typeof SETTING_KEYS)[number]>),
  callerAuth: callerAuthSchema,
  rateLimit: { ...CONTROL_KEYS.rateLimit, $comment: "A rate limit every token of this file gets (each token counts its own requests) unless its entry writes its own" },
} satisfies Record<string, JsonSchema>;

/** The entries a file may hold beside its tokens, each at most once in a whole set, and what each answers. */
const SPECIAL_ENTRIES = {
  fallback: `What an unknown token gets${byDefault(DEFAULT_FALLBACK)}`,
  unavailable: `What every request gets when no API module is installed${byDefault(DEFAULT_UNAVAILABLE)}`,
  callerAuthFailed: `What a refused caller gets: wrong or missing callerAuth credentials, or no valid client certificate${byDefault(DEFAULT_CALLER_REFUSAL)}`,
} as const;

function byDefault(answer: { readonly status: number; readonly errorCode: string }): string {
  return ` (default: ${answer.status} ${answer.errorCode})`;
}

export type SpecialEntry = keyof typeof SPECIAL_ENTRIES;

export const SPECIAL_ENTRY_KEYS = Object.keys(SPECIAL_ENTRIES) as SpecialEntry[];

const defaultsSchema: JsonSchema = {
  title: 'defaults',
  description: 'file defaults',
  $comment: 'Settings every entry of this file gets unless it says otherwise',
  type: 'object',
  properties: DEFAULTS_KEYS,
  additionalProperties: false,
};

/** The whole scenario file schema. */
export function scenarioFileSchema(): JsonSchema {
  const resources = resourceDefinitions('authoring');
  const response = resources.Response.properties as Record<string, JsonSchema>;
  const stepKeys = Object.fromEntries(Object.entries(CONTROL_KEYS as Record<string, JsonSchema>).filter(([k]) => !(k in ENTRY_ONLY_KEYS)));
  return {
    $id: 'auth-sim-scenario-file',
    title: 'scenario file',
    description: 'a scenario file',
    type: 'object',
    properties: {
      tokens: {
        title: 'tokens',
        description: 'a map of tokens to entries',
        $comment: 'The tokens this file answers, each with its entry (the Response fields and control keys)',
        type: 'object',
        additionalProperties: { $ref: '#/$defs/Entry' },
      },
      ...Object.fromEntries(SPECIAL_ENTRY_KEYS.map((key) => [key, { $ref: '#/$defs/Entry', $comment: SPECIAL_ENTRIES[key] }])),
      defaults: defaultsSchema,
      expect: runExpectSchema,
      generate: generateListSchema(CONTROL_KEYS),
    },
    additionalProperties: false,
    $defs: {
      ...resources,
      Entry: { title: 'scenario entry', description: 'a scenario entry', type: 'object', properties: { ...response, ...CONTROL_KEYS }, additionalProperties: false },
      // One answer inside an entry (a `sequence` step, `otherwise`, `expire.answer`): an entry without the entry-only keys.
      Step: { title: 'step', description: 'a step (one answer)', type: 'object', properties: { ...response, ...stepKeys }, additionalProperties: false },
    },
  };
}
