import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { APPEND_SCRIPT, readAppended } from './append-script';
import type { RejectedValues } from './rejected-values';
import type { ShippedStream, TakenBatch } from './shipped-stream';
import { tellJunk } from './stream-junk';

/** Items per stream per script call at most: one round trip writes one stream entry of this many to each. */
const BATCH = 500;

/** What the writer uses of a stream's queue (none of it depends on the item type). */
type Queue = Pick<ShippedStream<unknown, unknown>, 'keys' | 'cap' | 'floor' | 'waiting' | 'take' | 'onQueued'>;

/** One script call's batches and arguments, kept until Redis has answered it. */
interface Write {
  readonly batches: readonly TakenBatch[];
  readonly args: readonly (string | number)[];
}

type Appending = Redis & {
  authSimAppend(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
};

/**
 * Writes what the group's streams queue, all of them in one script call per round trip, at the
 * end of the event loop's turn in which the first item was queued; a write Redis did not answer is
 * sent again as it is (its number lets Redis tell whether it ran it already) before anything else.
 */
export class StreamWriter {
  private flushing = false;
  private scheduled = false;
  /** Who writes; unset until the group is joined. */
  private instance: string | undefined;
  /** This writer's name in the hash of last writes and in its entries: one per process, so a restart starts afresh. */
  readonly writer = randomUUID();
  private written = 0;
  /** A write Redis has not answered: sent again, as it is, before anything else. */
  private unanswered: Write | undefined;
  /** The hash of each writer's last write. */
  private readonly writesKey: string;

  constructor(
    private readonly client: Redis,
    private readonly streams: readonly Queue[],
    /** Told of each value another client left in the streams' keys, which the script replaced. */
    private readonly rejected: RejectedValues,
  ) {
    // Without numberOfKeys, ioredis takes the key count as the first argument of each call.
    client.defineCommand('authSimAppend', { lua: APPEND_SCRIPT });
    for (const stream of streams) stream.onQueued = () => this.schedule();
    this.writesKey = `${streams[0].keys[0]}:writes`;
  }

  /** Forgets a write Redis has not answered (a reset: what it held is not to be written any more). */
  clear(): void {
    this.unanswered = undefined;
  }

  /** Starts writing, as `instance`, what waits and what comes. */
  start(instance: string): void {
    this.instance = instance;
    this.schedule();
  }

  /** Writes what waits, a batch of each stream per round trip. */
  async flush(): Promise<void> {
    const instance = this.instance;
    if (this.flushing || instance === undefined) return;
    this.flushing = true;
    try {
      while ((this.unanswered || this.streams.some((s) => s.waiting > 0)) && this.client.status === 'ready') {
        const write = this.unanswered ?? this.nextWrite();
        this.unanswered = write;
        const reply = await (this.client as Appending)
          .authSimAppend(
            this.streams.length * 3 + 1,
            ...this.streams.flatMap((s) => s.keys),
            this.writesKey,
            instance,
            ...write.args,
          )
          .catch(() => null);
        // Cleared by a reset while it was out: its batches are forgotten with the queues.
        if (this.unanswered !== write) continue;
        const appended = readAppended(reply, this.streams.length);
        if (appended === null) return;
        this.unanswered = undefined;
        for (const junk of appended.junk) tellJunk(this.rejected, junk);
        write.batches.forEach((batch, i) => batch.written(appended.ids[i]));
      }
    } finally {
      this.flushing = false;
    }
  }

  /** The next batch of each stream, numbered. */
  private nextWrite(): Write {
    this.written += 1;
    const batches = this.streams.map((s) => s.take(BATCH, this.written));
    const args = this.streams.flatMap((s, i) => [s.cap, s.floor(), batches[i].count, batches[i].items]);
    return { batches, args: [this.writer, this.written, ...args] };
  }

  private schedule(): void {
    if (this.scheduled || this.instance === undefined) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }
}
