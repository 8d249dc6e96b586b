import type { Redis } from 'ioredis';
import { readStreamEntry } from './checked-stream-entry';
import type { RejectedValues } from './rejected-values';

/** How far past this host's clock an id's time may lie and still be one Redis's clock made. */
const DAY_MS = 86_400_000;

/** Entries per XREAD at most: each holds up to a turn's items, all folded before the next read. */
const ENTRIES_PER_READ = 100;

/** One stream the group reads: its key, where reading has reached, and what to do with each item. */
export interface StreamReading {
  readonly key: string;
  /** The id of the last entry read. */
  last: string;
  /**
   * The id of the last entry read that Redis's clock could have made (XADD '*'), where reading goes
   * back to when the stream starts again below `last`: another client's entry with a later id (the
   * largest there is) would otherwise hold every read after it once the stream starts afresh.
   */
  trusted: string;
  /** The `s` of the last item read; 0 before the first. */
  seq: number;
  /** Items trimmed away before this instance read them (it fell more than the cap behind). */
  missed: number;
  /** Checks and takes on one item (its instance, its group-wide number); answers what is wrong with it, or null. */
  readonly deliver: (item: unknown, instance: string, seq: number) => string | null;
  /** The items this instance kept for its write `w` ("<writer> <number>"), taken once; undefined for another's. */
  readonly kept: (write: string) => readonly object[] | undefined;
  /** Takes on one item this instance kept when it wrote it: described by this instance, so not checked. */
  readonly take: (item: object, instance: string, seq: number) => void;
  /** A reset at this place in the stream: the report begins again at `since` (epoch ms). */
  readonly reset: (since: number) => void;
}

/**
 * Reads the group's streams on a connection of its own (a blocking read would hold up any other
 * command), handing on every item in the stream's order, this instance's own included: every
 * instance folds the same items in the same order. Stops when `isOpen` turns false.
 */
export async function readStreams(
  reader: Redis,
  readings: readonly StreamReading[],
  isOpen: () => boolean,
  rejected: RejectedValues,
): Promise<void> {
  while (isOpen()) {
    try {
      if (!(await readOnce(reader, readings, rejected, 1000))) await rewindBeyond(reader, readings);
    } catch {
      if (isOpen()) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Reads what the streams hold now, without waiting for more: what a joining instance takes on
 * before it answers (at most each stream's cap, which is all a stream keeps).
 */
export async function catchUp(
  reader: Redis,
  readings: readonly StreamReading[],
  rejected: RejectedValues,
): Promise<void> {
  while (await readOnce(reader, readings, rejected, undefined)) {
    // Until a read finds nothing new.
  }
}

/** One XREAD of every stream from where it has reached; whether anything came. */
async function readOnce(
  reader: Redis,
  readings: readonly StreamReading[],
  rejected: RejectedValues,
  blockMs: number | undefined,
): Promise<boolean> {
  const streams = ['STREAMS', ...readings.map((r) => r.key), ...readings.map((r) => r.last)];
  const reply = await (blockMs === undefined
    ? reader.xread('COUNT', ENTRIES_PER_READ, ...(streams as ['STREAMS', ...string[]]))
    : reader.xread('COUNT', ENTRIES_PER_READ, 'BLOCK', blockMs, ...(streams as ['STREAMS', ...string[]])));
  for (const [key, entries] of reply ?? []) {
    const reading = readings.find((r) => r.key === key)!;
    for (const [id, fields] of entries) deliverEntry(reading, id, fields, rejected);
  }
  return (reply ?? []).some(([, entries]) => entries.length > 0);
}

/**
 * After a read that waited and found nothing: a reading whose place is an id Redis's clock did not
 * make goes back to its last trusted one once the stream's newest entry lies below that place (the
 * stream started afresh, or the entry was deleted). Costs nothing while every id read is a time.
 */
async function rewindBeyond(reader: Redis, readings: readonly StreamReading[]): Promise<void> {
  for (const reading of readings) {
    if (reading.last === reading.trusted) continue;
    const [newest] = await reader.xrevrange(reading.key, '+', '-', 'COUNT', 1);
    if (newest === undefined || compareIds(newest[0], reading.last) < 0) reading.last = reading.trusted;
  }
}

/** Whether an id is one XADD '*' makes: its time part at most a day past this host's clock (Redis's may run a little ahead). */
function isTimed(id: string): boolean {
  return Number(id.split('-')[0]) <= Date.now() + DAY_MS;
}

/** Orders two stream ids (`ms-n`): negative, zero or positive. */
export function compareIds(a: string, b: string): number {
  const [am, an] = a.split('-').map(Number);
  const [bm, bn] = b.split('-').map(Number);
  return am - bm || an - bn;
}

/**
 * Hands on one stream entry: a reset marker, or a batch of items, numbered on from its `s` (this
 * instance's own too, as it kept them). An entry or item that is not what auth-sim writes is skipped and counted; the good items
 * beside it are still handed on.
 */
function deliverEntry(reading: StreamReading, id: string, fields: unknown, rejected: RejectedValues): void {
  reading.last = id;
  if (isTimed(id)) reading.trusted = id;
  const entry = readStreamEntry(fields, reading.kept);
  if (typeof entry === 'string') return rejected.reject(`${reading.key} entry ${id}`, entry);
  if ('reset' in entry) return reading.reset(entry.reset);
  // Numbers go up by one an item; a jump means entries were trimmed before they were read, a fall that Redis started again.
  if (reading.seq > 0 && entry.seq > reading.seq + 1) reading.missed += entry.seq - reading.seq - 1;
  reading.seq = entry.seq + Math.max(0, entry.items.length - 1);
  for (let index = 0; index < entry.items.length; index++) {
    let problem: string | null = null;
    try {
      if (entry.kept) reading.take(entry.items[index], entry.instance, entry.seq + index);
      else problem = reading.deliver(entry.items[index], entry.instance, entry.seq + index);
    } catch (error) {
      problem = `could not be taken on: ${(error as Error).message}`;
    }
    if (problem !== null) rejected.reject(`${reading.key} entry ${id} item ${index + 1}`, problem);
  }
}
