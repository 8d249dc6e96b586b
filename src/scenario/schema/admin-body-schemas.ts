import type { JsonSchema } from '../../protocol/json-schema';
import { DURATION_PATTERN } from '../base/duration';

/** The admin bodies that are not scenario entries, each checked against its schema here (an outage's is an entry). */
export const ADMIN_BODY_NAMES = ['session-body', 'clock-body'] as const;

/** One of ADMIN_BODY_NAMES: also its validator's and its shipped schema's file name. */
export type AdminBodyName = (typeof ADMIN_BODY_NAMES)[number];

/** Tokens one session may name at most: a test names a few. */
const MAX_SESSION_TOKENS = 1000;

/** The longest idle lifetime a session may ask for, in words: what a timer can wait (MAX_TIMER_MS). */
const TTL_WORDS = 'a duration from 1ms to 24d such as "10m", "90s" or "500ms" (or milliseconds)';

/** The farthest one clock change moves scenario time: a century, well inside what a Date holds. */
export const MAX_CLOCK_ADVANCE_MS = 100 * 365 * 24 * 3_600_000;

const ADVANCE_WORDS = 'a duration such as "90s", "30m" or "2h" (or a number of milliseconds from 0)';

const duration = (description: string, minimum: number): JsonSchema => ({
  type: ['number', 'string'],
  minimum,
  pattern: DURATION_PATTERN,
  description,
});

/**
 * `POST /__admin/sessions` (`sim.session(...)`, the MCP tool start_session). Each node's
 * description is what a message says was expected, as in the scenario schema; the ttl's range
 * (a duration string's) is checked after the schema, in the same words.
 */
const SESSION_BODY: JsonSchema = {
  $id: 'auth-sim-session-body',
  title: 'session body',
  description: 'a JSON object like {"tokens": ["alice"], "ttl": "10m"}, both fields optional',
  type: 'object',
  properties: {
    tokens: {
      type: 'array',
      items: { type: 'string', minLength: 1, description: 'a token name (a non-empty string)' },
      maxItems: MAX_SESSION_TOKENS,
      description: `a list of token names like ["alice", "flaky"], at most ${MAX_SESSION_TOKENS}`,
      $comment: 'The tokens (without the prefix) the test means to use: its unused tokens are judged over these',
    },
    ttl: {
      ...duration(TTL_WORDS, 1),
      $comment: 'How long the session may go unused before it ends (default: --session-ttl, 10 minutes)',
    },
  },
  additionalProperties: false,
};

/** `POST /__admin/clock` (`sim.clock.advance`, the MCP tool advance_clock); the century bound is checked after it. */
const CLOCK_BODY: JsonSchema = {
  $id: 'auth-sim-clock-body',
  title: 'clock change',
  description: 'a JSON object saying how far to move the clock, e.g. {"advance": "2h"}',
  type: 'object',
  properties: {
    advance: {
      ...duration(ADVANCE_WORDS, 0),
      $comment: 'How far to move scenario time forward: time-based expire and rateLimit windows see it, delays do not',
    },
  },
  required: ['advance'],
  additionalProperties: false,
};

/** The schema an admin body is checked against (and the package ships as schema/<name>.schema.json). */
export function adminBodySchema(name: AdminBodyName): JsonSchema {
  return name === 'session-body' ? SESSION_BODY : CLOCK_BODY;
}

/** The words a range check after the schema uses, the schema's own. */
export function adminBodyWords(name: AdminBodyName, field: string): string {
  const properties = adminBodySchema(name).properties as Record<string, { description: string }>;
  return properties[field].description;
}

/**
 * Where the package ships an admin body's schema, relative to its root (written at build by
 * scripts/write-editor-schema.js, which reads it from dist/).
 */
export function adminBodySchemaPath(name: AdminBodyName): string {
  return `schema/${name}.schema.json`;
}

/**
 * An admin body's schema as the package ships it, for clients that check a body before sending
 * it (written at build by scripts/write-editor-schema.js).
 */
export function shippedAdminBodySchema(name: AdminBodyName): JsonSchema {
  const { $id: _id, ...schema } = adminBodySchema(name);
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...schema };
}
