import { MAX_TIMER_MS, parseDuration } from '../../scenario/base/duration';
import { didYouMean } from '../../scenario/base/suggest';
import { AdminError } from './admin-error';

const KEYS = ['tokens', 'ttl'] as const;
/** Tokens one session may name at most: a test names a few. */
const MAX_NAMED_TOKENS = 1000;

/**
 * `POST /sessions`'s body checked: an absent or empty body is `{}`; anything else must be a JSON
 * object of KEYS, each of its form, or a 400 names the field. Hand-written rather than an Ajv
 * schema: two keys, and Ajv's own messages ("must be array") do not name the body or say what
 * would do, which every admin message here does.
 */
export function parseSessionBody(body: unknown): { tokens: string[] | null; ttlMs: number | undefined } {
  if (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0))
    return { tokens: null, ttlMs: undefined };
  if (typeof body !== 'object' || Array.isArray(body))
    throw new AdminError(400, `the session body must be a JSON object like {"tokens": ["alice"], "ttl": "10m"}`);
  for (const key of Object.keys(body))
    if (!(KEYS as readonly string[]).includes(key))
      throw new AdminError(
        400,
        `the session body has no field "${key}"${didYouMean(key, KEYS)}; its fields are ${KEYS.join(', ')}`,
      );
  const { tokens, ttl } = body as Record<string, unknown>;
  return { tokens: tokens === undefined ? null : tokenList(tokens), ttlMs: ttl === undefined ? undefined : ttlOf(ttl) };
}

function tokenList(value: unknown): string[] {
  if (!Array.isArray(value))
    throw new AdminError(
      400,
      `tokens must be a list of token names like ["alice", "flaky"]; got ${JSON.stringify(value)}`,
    );
  if (value.length > MAX_NAMED_TOKENS)
    throw new AdminError(400, `tokens names ${value.length} tokens; a session may name at most ${MAX_NAMED_TOKENS}`);
  value.forEach((token: unknown, i) => {
    if (typeof token !== 'string' || token === '')
      throw new AdminError(400, `tokens[${i}] must be a token name (a non-empty string); got ${JSON.stringify(token)}`);
  });
  return [...new Set(value as string[])];
}

function ttlOf(value: unknown): number {
  const ms = parseDuration(value);
  if (ms === undefined || ms < 1 || ms > MAX_TIMER_MS)
    throw new AdminError(
      400,
      `ttl must be a duration from 1ms to 24d such as "10m", "90s" or "500ms" (or milliseconds); got ${JSON.stringify(value)}`,
    );
  return ms;
}
