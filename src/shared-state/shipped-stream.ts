import type { Redis } from 'ioredis';
import { readStreamEntry } from './checked-stream-entry';
import type { RejectedValues } from './rejected-values';

/** Items per stream entry at most: one entry (one XADD, one read by each other instance) carries a batch. */
const BATCH = 500;

/**
 * Items this instance adds to a Redis stream the group reads (journal entries, caller-report
 * exchanges): queued on the request path (a push, nothing more) and written by a timer, each
 * batch as one stream entry (a JSON array), the stream capped at `cap` entries in Redis. While Redis is away the queue waits, up to `cap`
 * items; beyond that new ones are counted as dropped, so memory stays bounded.
 */
export class ShippedStream<T> {
  private queue: T[] = [];
  private flushing = false;
  /** Items given up on because the queue was full while Redis was away. */
  dropped = 0;

  constructor(
    private readonly client: Redis,
    readonly key: string,
    readonly cap: number,
    private readonly toJson: (item: T) => unknown,
  ) {}

  /** Items waiting to be written. */
  get waiting(): number {
    return this.queue.length;
  }

  push(item: T): void {
    if (this.queue.length >= this.cap) this.dropped += 1;
    else this.queue.push(item);
  }

  /** Forgets what waits (a reset). */
  clear(): void {
    this.queue = [];
  }

  /** Writes what waits, one entry per batch; a failed batch goes back to the front of the queue. */
  async flush(instance: string): Promise<void> {
    if (this.flushing || this.queue.length === 0 || this.client.status !== 'ready') return;
    this.flushing = true;
    try {
      while (this.queue.length > 0 && this.client.status === 'ready') {
        const batch = this.queue.splice(0, BATCH);
        const json = JSON.stringify(batch.map(this.toJson));
        const added = await this.client
          .xadd(this.key, 'MAXLEN', '~', this.cap, '*', 'i', instance, 'e', json)
          .then(() => true)
          .catch(() => false);
        if (!added) {
          this.requeue(batch);
          return;
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private requeue(batch: T[]): void {
    const room = Math.max(0, this.cap - this.queue.length);
    this.dropped += Math.max(0, batch.length - room);
    this.queue = [...batch.slice(0, room), ...this.queue];
  }
}

/** One stream the group reads: its key, the last id seen, and what to do with another instance's item. */
export interface StreamReading {
  readonly key: string;
  last: string;
  /** Checks and takes on one item; answers what is wrong with it, or null when it was taken. */
  readonly deliver: (item: unknown, instance: string) => string | null;
}

/**
 * Reads the group's streams on a connection of its own (a blocking read would hold up any other
 * command), handing on every item another instance wrote. Stops when `isOpen` turns false.
 */
export async function readStreams(
  reader: Redis,
  readings: readonly StreamReading[],
  self: () => string,
  isOpen: () => boolean,
  rejected: RejectedValues,
): Promise<void> {
  while (isOpen()) {
    try {
      const reply = await reader.xread(
        'COUNT',
        1000,
        'BLOCK',
        1000,
        'STREAMS',
        ...readings.map((r) => r.key),
        ...readings.map((r) => r.last),
      );
      for (const [key, entries] of reply ?? []) {
        const reading = readings.find((r) => r.key === key)!;
        for (const [id, fields] of entries) deliverEntry(reading, id, fields, self(), rejected);
      }
    } catch {
      if (isOpen()) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Hands on the items of one stream entry (`i` instance, `e` a JSON array) unless this instance
 * wrote it. An entry or item that is not what auth-sim writes is skipped and counted; the good
 * items beside it are still handed on.
 */
export function deliverEntry(
  reading: StreamReading,
  id: string,
  fields: unknown,
  self: string,
  rejected: RejectedValues,
): void {
  reading.last = id;
  const entry = readStreamEntry(fields);
  if (typeof entry === 'string') return rejected.reject(`${reading.key} entry ${id}`, entry);
  if (entry.instance === self) return;
  entry.items.forEach((item, index) => {
    let problem: string | null;
    try {
      problem = reading.deliver(item, entry.instance);
    } catch (error) {
      problem = `could not be taken on: ${(error as Error).message}`;
    }
    if (problem !== null) rejected.reject(`${reading.key} entry ${id} item ${index + 1}`, problem);
  });
}
