import type { JsonSchema } from '../../protocol/json-schema';
import { DURATION_PATTERN } from '../base/duration';
import { FAULT_NAMES, FAULT_PARAMETERS } from './fault-names';
import { tokenExpectSchema } from './expect-schema';

/**
 * Schemas of the edge-case toolbox keys (fault, chance, sequence, expire, delay shapes). Each
 * branch carries a description, so a message says what was expected in words.
 */

/** What a `sequence` does after its last step. */
export const SEQUENCE_ENDINGS = ['repeat-last', 'cycle'] as const;

/** A fixed duration: milliseconds, or "250ms", "2.5s", "1m". */
const durationSchema: JsonSchema = {
  type: ['number', 'string'],
  minimum: 0,
  pattern: DURATION_PATTERN,
  description: 'a duration: milliseconds, or a string like "250ms", "2.5s", "1m"',
};

/**
 * A final HTTP status. 1xx are interim responses: a client reads one and keeps waiting for the
 * real answer, which never comes, so they are refused rather than left to time out.
 */
export const HTTP_STATUS_SCHEMA: JsonSchema = {
  type: 'integer',
  minimum: 200,
  maximum: 599,
  description: 'an HTTP status from 200 to 599 (1xx are interim: the client would wait for an answer that never comes)',
};

const TIME_PATTERN = '^\\d+(?:\\.\\d+)?\\s*(ms|s|m|h)$';

/** A delay: a fixed duration, or a shape drawn per request. */
export const delaySchema: JsonSchema = {
  if: { type: 'object' },
  then: {
    title: 'delay shape',
    description: 'a delay shape: { uniform: [min, max] } or { lognormal: { median, sigma } }',
    type: 'object',
    properties: {
      uniform: { type: 'array', items: durationSchema, minItems: 2, maxItems: 2, description: 'a list of two durations, [min, max]' },
      lognormal: {
        title: 'lognormal delay',
        description: 'a lognormal delay: { median: 200ms, sigma: 0.5 }',
        type: 'object',
        properties: { median: durationSchema, sigma: { type: 'number', minimum: 0, maximum: 5, description: 'a spread from 0 to 5 (0.5 is moderate)' } },
        required: ['median'],
        additionalProperties: false,
      },
    },
    minProperties: 1,
    maxProperties: 1,
    additionalProperties: false,
  },
  else: durationSchema,
};

const faultParameters: Record<keyof typeof FAULT_PARAMETERS, JsonSchema> = {
  hang: { ...durationSchema, description: `a duration (${FAULT_PARAMETERS.hang})` },
  drip: { ...durationSchema, description: `a duration (${FAULT_PARAMETERS.drip})` },
  html: { ...HTTP_STATUS_SCHEMA, description: `an HTTP status from 200 to 599 ${FAULT_PARAMETERS.html}` },
};

const stepRef: JsonSchema = { $ref: '#/$defs/Step' };

/** Keys only a whole entry has; a sequence step or an `otherwise` answer is one answer. */
export const ENTRY_ONLY_KEYS = {
  expect: tokenExpectSchema,
  sequence: { type: 'array', items: stepRef, minItems: 1, description: 'a list of answers, given in turn', $comment: 'Answers given in turn, one per request for this token' },
  then: { enum: [...SEQUENCE_ENDINGS], description: `what follows the last step: ${SEQUENCE_ENDINGS.join(' or ')}`, $comment: 'What follows the last step of the sequence' },
  expire: {
    title: 'expire',
    description: 'an expiry: { after: 3 } (uses) or { after: 30s } (time), with an optional answer',
    $comment: 'The token stops working after a number of uses or a time, then gets its answer',
    type: 'object',
    properties: {
      after: {
        type: ['integer', 'string'],
        minimum: 0,
        pattern: TIME_PATTERN,
        description: 'a number of uses (e.g. 3) or a time since the first request (e.g. "30s")',
      },
      answer: stepRef,
    },
    required: ['after'],
    additionalProperties: false,
  },
  rateLimit: {
    title: 'rateLimit',
    description: 'a rate limit: { requests: 10, per: 1m, retryAfter: 30s }, with an optional answer',
    $comment: 'Beyond `requests` in each `per` window the token answers 429 TOO_MANY_REQUESTS with Retry-After (or its `answer:`); the caller report judges whether the caller waits',
    type: 'object',
    properties: {
      requests: { type: 'integer', minimum: 0, description: 'a whole number of requests from 0, answered in each window' },
      per: { ...durationSchema, description: 'the window the requests are counted in: a duration longer than 0, e.g. "1s", "1m"' },
      retryAfter: { ...durationSchema, description: 'the Retry-After to send, a duration rounded up to whole seconds (default: what is left of the window)' },
      answer: stepRef,
    },
    required: ['requests', 'per'],
    additionalProperties: false,
  },
} satisfies Record<string, JsonSchema>;

/** Toolbox keys any answer may have. */
export const ANSWER_KEYS = {
  // `fault: reset`, or `fault: { hang: 30s }` for the faults that take a parameter.
  fault: {
    if: { type: 'string' },
    then: { enum: [...FAULT_NAMES], description: `a fault: ${FAULT_NAMES.join(', ')}` },
    else: {
      title: 'fault',
      description: `a fault name, or one of { hang: 30s }, { drip: 2s }, { html: 503 }`,
      type: 'object',
      properties: faultParameters,
      minProperties: 1,
      maxProperties: 1,
      additionalProperties: false,
    },
    $comment: 'Misbehave instead of answering honestly, as a broken service or proxy would',
  },
  chance: { type: 'number', minimum: 0, maximum: 1, description: 'a probability from 0 to 1, e.g. 0.05', $comment: 'How often the fault or answer fires; other requests get `otherwise`' },
  otherwise: { ...stepRef, $comment: 'The answer for requests the chance does not fire on' },
} satisfies Record<string, JsonSchema>;
