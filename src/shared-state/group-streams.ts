import { performance } from 'node:perf_hooks';
import type { Redis } from 'ioredis';
import type { RejectedValues } from './rejected-values';
import { catchUp, compareIds, readStreams, type StreamReading } from './read-streams';
import { defineMarkReset, ShippedStream } from './shipped-stream';
import { defineReadCounter, readCounter, tellJunk } from './stream-junk';
import { StreamWriter } from './stream-writer';

/**
 * The fewest requests each stream keeps whatever `--journal-size` says: a replica busy for a moment
 * (a report being built) must still find the entries it has not read yet.
 */
const MIN_STREAM_CAP = 1000;
/** How long an admin read waits for this instance's own writes to come back from the stream. */
const SETTLE_MS = 1000;

/** What an instance does with what the group's streams hold, its own requests included. */
export interface StreamMember {
  /** A journal entry, numbered by the group: checked, then taken on; answers what is wrong, or null. */
  adoptRequest(entry: unknown, instance: string, seq: number): string | null;
  /** A caller-report exchange: checked, then folded; answers what is wrong, or null. */
  adoptExchange(exchange: unknown): string | null;
  /** A journal entry this instance described when it wrote it (not read back from Redis), numbered by the group. */
  takeRequest(described: object, instance: string, seq: number): void;
  /** A caller-report exchange this instance wrote, as it was shipped (not read back from Redis). */
  takeExchange(exchange: object): void;
  /** The journal's reset marker, read at its place in the stream: forget the entries before it. */
  clearJournal(): void;
  /** The report's reset marker (or the group's start when joining): the report begins at `since` (epoch ms). */
  restartReport(since: number): void;
}

/**
 * How items go into the streams, as the member knows their fields (method signatures: each takes
 * the member's own item type, which this folder does not import).
 */
export interface StreamEncoding {
  /** A journal entry as the member described it, as its stream item. */
  request(described: object): unknown;
  /** A caller-report exchange as its stream item. */
  exchange(exchange: object): unknown;
}

/** What the reading of a stream uses of its ShippedStream: the items kept by write. */
type KeptItems = Pick<ShippedStream<unknown, object>, 'key' | 'takeKept'>;

/**
 * The group's journal and caller report in Redis: two streams of one entry per batch of requests, in one
 * order every instance reads alike (see docs/scaling.md, "One order for the group"), each capped
 * at max(`--journal-size`, MIN_STREAM_CAP) requests, and the time the group's report began.
 */
export class GroupStreams {
  /** Journal entries, each described when it is written. */
  readonly journal: ShippedStream<() => object, object>;
  readonly exchanges: ShippedStream<object>;
  private readonly readings: Record<'journal' | 'exchanges', StreamReading>;
  private readonly writer: StreamWriter;
  private readonly sinceKey: string;
  private member: StreamMember | undefined;
  /** When the group's report began (epoch ms), as this instance last learnt it. */
  private reportSince = 0;

  constructor(
    private readonly client: Redis,
    prefix: string,
    journalSize: number,
    private readonly rejected: RejectedValues,
    encoding: StreamEncoding,
  ) {
    this.sinceKey = `${prefix}:since`;
    const cap = Math.max(MIN_STREAM_CAP, journalSize);
    this.journal = new ShippedStream(
      client,
      `${prefix}:journal`,
      cap,
      (describe) => describe(),
      (described) => encoding.request(described),
      () => this.readings.journal.seq,
    );
    this.exchanges = new ShippedStream(
      client,
      `${prefix}:exchanges`,
      cap,
      (exchange) => exchange,
      (exchange) => encoding.exchange(exchange),
      () => this.readings.exchanges.seq,
    );
    this.writer = new StreamWriter(client, [this.journal, this.exchanges], rejected);
    const reading = (stream: KeptItems, on: Pick<StreamReading, 'deliver' | 'take' | 'reset'>): StreamReading => ({
      key: stream.key,
      last: '0-0',
      trusted: '0-0',
      seq: 0,
      missed: 0,
      kept: (write) => this.keptItems(stream, write),
      ...on,
    });
    this.readings = {
      journal: reading(this.journal, {
        deliver: (entry, instance, seq) => this.member?.adoptRequest(entry, instance, seq) ?? null,
        take: (described, instance, seq) => this.member?.takeRequest(described, instance, seq),
        reset: () => this.member?.clearJournal(),
      }),
      exchanges: reading(this.exchanges, {
        deliver: (x) => this.member?.adoptExchange(x) ?? null,
        take: (x) => this.member?.takeExchange(x),
        reset: (since) => {
          this.reportSince = since;
          this.member?.restartReport(since);
        },
      }),
    };
    defineMarkReset(client);
    defineReadCounter(client);
  }

  /** The items `stream` kept for write `write` ("<writer> <number>") when this instance's writer made it. */
  private keptItems(stream: KeptItems, write: string): readonly object[] | undefined {
    const space = write.indexOf(' ');
    if (space < 0 || write.slice(0, space) !== this.writer.writer) return undefined;
    // Another client may have written anything here: only a write number this writer could have made is looked up.
    const number = Number(write.slice(space + 1));
    return Number.isSafeInteger(number) && number > 0 ? stream.takeKept(number) : undefined;
  }

  private get shared(): boolean {
    return this.client.status === 'ready';
  }

  /**
   * Takes on what the streams hold (a joining instance starts with the group's journal and report,
   * at most the cap of each), then reads on, on `reader`, and writes this instance's as `instance`.
   */
  async join(instance: string, reader: Redis, member: StreamMember, isOpen: () => boolean): Promise<void> {
    this.member = member;
    this.reportSince = await this.since();
    member.restartReport(this.reportSince);
    const readings = [this.readings.journal, this.readings.exchanges];
    if (this.shared) await catchUp(reader, readings, this.rejected).catch(() => undefined);
    // An empty stream still has its number: the first entry read later is counted from it, so one trimmed away is missed, not unseen.
    for (const reading of readings) if (reading.seq === 0 && this.shared) reading.seq = await this.counter(reading.key);
    void readStreams(reader, readings, isOpen, this.rejected);
    this.writer.start(instance);
  }

  /**
   * Resolves once what this instance wrote has come back from the streams (at most a second; at
   * once while Redis is away), so a read on this instance shows its own requests.
   */
  async settle(isOpen: () => boolean): Promise<void> {
    const deadline = performance.now() + SETTLE_MS;
    const caughtUp = (stream: { readonly idle: boolean; readonly lastWritten: string }, reading: StreamReading) =>
      stream.idle && compareIds(reading.last, stream.lastWritten) >= 0;
    const { journal, exchanges } = this.readings;
    while (this.shared && isOpen() && performance.now() < deadline) {
      if (caughtUp(this.journal, journal) && caughtUp(this.exchanges, exchanges)) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** Forgets what waits to be written (a reset). */
  clear(): void {
    this.journal.clear();
    this.exchanges.clear();
    this.writer.clear();
  }

  /**
   * A reset marker in both streams and a new start for the group's report: every instance drops
   * the entries before it at the same place. Whether both markers were written.
   */
  async markReset(): Promise<boolean> {
    const since = performance.timeOrigin + performance.now();
    const marked = await Promise.all([this.journal.markReset(since), this.exchanges.markReset(since)]).then(
      (dropped) => {
        for (const junk of dropped.flat()) tellJunk(this.rejected, junk);
        return true;
      },
      () => false,
    );
    await this.client.set(this.sinceKey, String(since)).catch(() => undefined);
    return marked;
  }

  /** Writes what waits (again, after Redis refused or was away). */
  async flush(): Promise<void> {
    await this.writer.flush();
  }

  /** Redis came back empty: the report's start is written back (what waited goes out with the next flush). */
  async restore(): Promise<void> {
    await this.client.set(this.sinceKey, String(this.reportSince), 'NX').catch(() => undefined);
  }

  /** What `GET /__admin/health` shows of the streams. */
  health(): object {
    return {
      journalWaiting: this.journal.waiting,
      journalDropped: this.journal.dropped,
      exchangesWaiting: this.exchanges.waiting,
      exchangesDropped: this.exchanges.dropped,
      journalMissed: this.readings.journal.missed,
      exchangesMissed: this.readings.exchanges.missed,
    };
  }

  /** The stream's counter: the number of the last entry written to it, 0 for none (or for another client's value, told). */
  private async counter(key: string): Promise<number> {
    const read = await readCounter(this.client, `${key}:seq`);
    if (typeof read === 'number') return read;
    if (read !== null) tellJunk(this.rejected, read);
    return 0;
  }

  /** When the group's report began (epoch ms): set by the first instance, or the last reset. */
  private async since(): Promise<number> {
    const now = performance.timeOrigin + performance.now();
    if (!this.shared) return now;
    await this.client.set(this.sinceKey, String(now), 'NX').catch(() => undefined);
    const text = await this.client.get(this.sinceKey).catch(() => null);
    const stored = Number(text);
    if (Number.isFinite(stored) && stored > 0) return stored;
    if (text !== null) this.rejected.reject(this.sinceKey, 'not a time (epoch milliseconds)');
    return now;
  }
}
