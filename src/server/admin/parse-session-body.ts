import { MAX_TIMER_MS, parseDuration } from '../../scenario/base/duration';
import { formatProblem } from '../../scenario/base/problem';
import { adminBodyWords } from '../../scenario/schema/admin-body-schemas';
import { checkAdminBody, type AdminBody } from '../../scenario/schema/check-admin-body';
import { AdminError } from './admin-error';

/**
 * `POST /sessions`'s body checked against schema/session-body.schema.json, as a scenario file
 * is (an empty body is `{}`): a 400 names each field that is wrong, with its
 * line and column, and the session is not opened.
 */
export function parseSessionBody(
  source: string,
  body: AdminBody,
): { tokens: string[] | null; ttlMs: number | undefined } {
  const problems = checkAdminBody('session-body', source, body, ({ ttl }) => {
    const ms = parseDuration(ttl);
    return ttl === undefined || (ms !== undefined && ms >= 1 && ms <= MAX_TIMER_MS)
      ? []
      : [['ttl', `ttl must be ${adminBodyWords('session-body', 'ttl')}; got ${JSON.stringify(ttl)}`]];
  });
  if (problems.length > 0)
    throw new AdminError(400, `the session was not opened: ${problems.map(formatProblem).join('; ')}`, problems);
  const { tokens, ttl } = body.value as { tokens?: string[]; ttl?: unknown };
  return { tokens: tokens === undefined ? null : [...new Set(tokens)], ttlMs: parseDuration(ttl) };
}
