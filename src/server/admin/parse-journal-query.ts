import { didYouMean } from '../../scenario/base/suggest';
import type { JournalFilter } from '../endpoint/journal';
import { AdminError } from './admin-error';

const KEYS = ['token', 'method', 'status', 'since', 'limit', 'session'] as const;

/**
 * A journal filter from `?token=&method=&status=&since=&limit=`. `since` is an ISO time or
 * epoch milliseconds. Anything unknown or malformed is a 400 naming it.
 */
export function parseJournalQuery(query: Record<string, unknown>): JournalFilter {
  for (const key of Object.keys(query)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      throw new AdminError(400, `unknown filter "${key}"${didYouMean(key, KEYS)}; filters are ${KEYS.join(', ')}`);
    }
  }
  const one = (key: (typeof KEYS)[number]): string | undefined => {
    const value = query[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new AdminError(400, `filter "${key}" must be given once`);
    return value;
  };
  const since = one('since');
  return {
    token: one('token'),
    method: one('method')?.toUpperCase(),
    status: wholeNumber('status', one('status'), 100, 599),
    since: since === undefined ? undefined : parseSince(since),
    limit: wholeNumber('limit', one('limit'), 1, Number.MAX_SAFE_INTEGER),
    session: one('session'),
  };
}

function wholeNumber(key: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new AdminError(
      400,
      `filter "${key}" must be a whole number from ${min}${max < 1e6 ? ` to ${max}` : ''}; got "${value}"`,
    );
  return n;
}

function parseSince(value: string): Date {
  const date = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new AdminError(
      400,
      `filter "since" must be an ISO time (2026-01-31T12:00:00Z) or epoch milliseconds; got "${value}"`,
    );
  return date;
}
