import { once } from 'node:events';
import type { Response } from 'express';
import { describeRecord, type JournalRecord } from '../journal';

/** Records described and written per turn of the event loop: about a millisecond of work. */
const SLICE = 128;

/**
 * Writes `{ capacity, size, requests: [...] }` (the same bytes res.json would) a slice of records
 * at a time, yielding to the event loop between slices and waiting for the connection to drain,
 * so reading a 100,000-entry journal never holds protocol requests up for more than one slice.
 */
export async function sendJournal(res: Response, head: { capacity: number; size: number }, records: readonly JournalRecord[]): Promise<void> {
  res.status(200).type('application/json; charset=utf-8');
  res.write(`{"capacity":${head.capacity},"size":${head.size},"requests":[`);
  for (let at = 0; at < records.length; at += SLICE) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    if (res.destroyed) return;
    const slice = records.slice(at, at + SLICE).map((record) => JSON.stringify(describeRecord(record)));
    if (!res.write(`${at > 0 ? ',' : ''}${slice.join(',')}`)) await drained(res);
  }
  res.end(']}');
}

/** Resolves when the connection takes more bytes, or is gone. */
async function drained(res: Response): Promise<void> {
  const ac = new AbortController();
  await Promise.race([once(res, 'drain', { signal: ac.signal }), once(res, 'close', { signal: ac.signal })]).catch(() => undefined);
  ac.abort();
}
