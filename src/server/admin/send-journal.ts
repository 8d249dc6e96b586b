import { performance } from 'node:perf_hooks';
import { JSON_CONTENT_TYPE } from '../../protocol/endpoints';
import { once } from 'node:events';
import type { Response } from 'express';
import { describeRecord, type JournalRecord } from '../endpoint/journal';

/** Work done per turn of the event loop before yielding: a protocol request waits at most about this long behind a read. */
const TURN_BUDGET_MS = 2;

/**
 * Writes `{ capacity, size, requests: [...] }` (the same bytes res.json would) a few records at a
 * time: describing records (near misses, times) runs for at most TURN_BUDGET_MS before yielding
 * to the event loop, and waits whenever the connection is full, so reading a 100,000-entry
 * journal never holds protocol requests up for long, however slow the machine is.
 */
export async function sendJournal(
  res: Response,
  head: { capacity: number; size: number },
  records: readonly JournalRecord[],
): Promise<void> {
  res.status(200).type(JSON_CONTENT_TYPE);
  res.write(`{"capacity":${head.capacity},"size":${head.size},"requests":[`);
  let at = 0;
  while (at < records.length) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    if (res.destroyed) return;
    const parts: string[] = [];
    const until = performance.now() + TURN_BUDGET_MS;
    // Checked every 16 records: the clock costs more than describing one record.
    do {
      for (const end = Math.min(records.length, at + 16); at < end; at++)
        parts.push(JSON.stringify(describeRecord(records[at])));
    } while (at < records.length && performance.now() < until);
    if (!res.write(`${parts.length === at ? '' : ','}${parts.join(',')}`)) await drained(res);
  }
  res.end(']}');
}

/** Resolves when the connection takes more bytes, or is gone. */
async function drained(res: Response): Promise<void> {
  const ac = new AbortController();
  await Promise.race([once(res, 'drain', { signal: ac.signal }), once(res, 'close', { signal: ac.signal })]).catch(
    () => undefined,
  );
  ac.abort();
}
