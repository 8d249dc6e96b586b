import { describeRecord, type Journal, type JournalEntry } from '../endpoint/journal';

/** What a joining stream is sent first: entries oldest first, and how many it missed that are not among them. */
export interface Backlog {
  readonly entries: JournalEntry[];
  readonly skipped: number;
}

/**
 * The entries a joining stream gets before the hub's next look: those up to `last` (the newest
 * the hub has sent), at most `max`. A new reader gets the newest as they are; a reader resuming
 * `after` a request number gets the ones after it, and counts as skipped those past `max` or no
 * longer held (the ring dropped them), so a reconnect shows each request once and says what it lost.
 */
export function journalBacklog(journal: Journal, last: number, max: number, after?: number): Backlog {
  if (after === undefined) {
    const entries = journal.list({ limit: max }).filter((e) => e.seq <= last);
    return { entries: entries.reverse(), skipped: 0 };
  }
  if (after >= last) return { entries: [], skipped: 0 };
  const newest = journal.select({ limit: 1 })[0]?.seq ?? last;
  // Newest first, request numbers rising by one or more: the entries after `after` are among the first newest - after.
  const held = journal.select({ limit: Math.max(0, newest - after) }).filter((r) => r.seq > after && r.seq <= last);
  const sent = held.slice(0, max).map(describeRecord).reverse();
  return { entries: sent, skipped: last - after - sent.length };
}
