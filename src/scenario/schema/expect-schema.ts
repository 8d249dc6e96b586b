import type { JsonSchema } from '../../protocol/json-schema';
import { DURATION_PATTERN } from '../base/duration';

/**
 * The `expect:` keys: what a token's traffic, or the whole run's, must look like for the caller
 * report's verdict (src/caller-report/). Each list is the one source of its names: the schema,
 * the TypeScript types, the judge and the docs read them from here.
 */

/** Back-off shapes the caller report names, from its gaps between retries (`immediate`: it never waited). */
const BACKOFF_SHAPES = ['none', 'immediate', 'single', 'constant', 'linear', 'exponential', 'irregular'] as const;
export type BackoffShape = (typeof BACKOFF_SHAPES)[number];

/** How an unused token weighs in the verdict. */
const UNUSED_LEVELS = ['fail', 'warn', 'ignore'] as const;
export type UnusedLevel = (typeof UNUSED_LEVELS)[number];

/** What the run's `unusedTokens` is unless written. */
export const DEFAULT_UNUSED_LEVEL: UnusedLevel = 'warn';

const wholeNumber = { type: 'integer', minimum: 0, description: 'a whole number from 0' } satisfies JsonSchema;

/** A count: exactly `n`, or `{ atLeast, atMost }`. */
const countSchema: JsonSchema = {
  if: { type: 'object' },
  then: {
    title: 'count range',
    description: 'a count range: { atLeast: 1, atMost: 3 }',
    type: 'object',
    properties: { atLeast: wholeNumber, atMost: wholeNumber },
    minProperties: 1,
    additionalProperties: false,
  },
  else: { ...wholeNumber, description: 'a whole number from 0, or { atLeast: n, atMost: n }' },
};

const duration: JsonSchema = {
  type: ['number', 'string'],
  minimum: 0,
  pattern: DURATION_PATTERN,
  description: 'a duration: milliseconds, or a string like "250ms", "2.5s", "1m"',
};

/** A duration range: `{ atLeast: 100ms }`, `{ atMost: 5s }` or both. */
const durationRange: JsonSchema = {
  title: 'duration range',
  description: 'a duration range: { atLeast: 100ms, atMost: 5s }',
  type: 'object',
  properties: { atLeast: duration, atMost: duration },
  minProperties: 1,
  additionalProperties: false,
};

/** A token's expectations, keyed as the report names its figures. */
export const TOKEN_EXPECT_KEYS = {
  calls: { ...countSchema, $comment: 'How many requests the caller sends for this token' },
  retries: { ...countSchema, $comment: 'Requests after an exchange that ended without a card (an error, a fault, a give-up)' },
  callsAfterCard: { ...countSchema, $comment: 'Requests after the token was answered 200 with a card (0: the caller caches it)' },
  backoff: {
    enum: [...BACKOFF_SHAPES],
    description: `a back-off shape: ${BACKOFF_SHAPES.join(', ')}`,
    $comment: 'The shape of the gaps between retries',
  },
  gap: { ...durationRange, $comment: 'Every gap between an exchange that failed and its retry' },
  abandonedAfter: { ...durationRange, $comment: 'How long the caller waits before giving up on an unfinished answer' },
  honoursRetryAfter: {
    type: 'boolean',
    description: 'true (false: not judged)',
    $comment: 'Every request after an answer with Retry-After (a rateLimit, or a header) comes at least that long after it',
  },
} satisfies Record<string, JsonSchema>;

/** The run's expectations (a file's top-level `expect:`). */
export const RUN_EXPECT_KEYS = {
  unknownTokens: { ...countSchema, $comment: 'Requests for tokens no file or runtime entry names' },
  unusedTokens: {
    enum: [...UNUSED_LEVELS],
    description: `one of ${UNUSED_LEVELS.join(', ')}`,
    $comment: `Tokens written but never requested: fail the verdict, warn (the default) or ignore`,
  },
  abandonedAfter: { ...durationRange, $comment: 'How long the caller waits before giving up, over all tokens' },
} satisfies Record<string, JsonSchema>;

export const tokenExpectSchema: JsonSchema = {
  title: 'token expectation',
  description: 'token expectations: { calls: 3, backoff: exponential, ... }',
  $comment: "What the caller's traffic for this token must look like (GET /__admin/report's verdict)",
  type: 'object',
  properties: TOKEN_EXPECT_KEYS,
  additionalProperties: false,
};

export const runExpectSchema: JsonSchema = {
  title: 'run expectation',
  description: 'run expectations: { unknownTokens: 0, unusedTokens: fail, abandonedAfter: { atMost: 5s } }',
  $comment: "What the caller's traffic as a whole must look like (GET /__admin/report's verdict)",
  type: 'object',
  properties: RUN_EXPECT_KEYS,
  additionalProperties: false,
};
