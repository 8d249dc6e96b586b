import type { Redis } from 'ioredis';
import { WHOLE_OF, type StreamJunk } from './stream-junk';
import { STREAM_DROPS } from './stream-drops';
import { readAppended } from './append-script';

/**
 * A reset in the stream's order: everything before it is dropped, everything after it counts. It
 * holds no items and is listed where the counter stands, so the trim in the append script drops
 * it once a cap's worth of items has come after it. A counter that is not one (another client's
 * value) counts as 0 here, and the next append replaces it and tells; a stream key that takes no
 * entry (STREAM_DROPS) is dropped and told, as the append does. Answers `{id, junk}`.
 */
const MARK_RESET = `${WHOLE_OF}${STREAM_DROPS}
local s = wholeOf(KEYS[2]) or 0
local fields = {'XADD', KEYS[1], '*', 'r', ARGV[1]}
local id = redis.pcall(unpack(fields))
if failed(id) then
  dropForeign(KEYS[1], 'stream', 'stream')
  dropExhausted(KEYS[1], KEYS[3])
  id = redis.call(unpack(fields))
end
redis.call('XTRIM', KEYS[1], 'MINID', id)
redis.call('DEL', KEYS[3])
redis.call('RPUSH', KEYS[3], id .. ' ' .. s)
return {{id}, junk}
`;

type Marking = Redis & {
  authSimMarkReset(stream: string, counter: string, entries: string, since: number): Promise<unknown>;
};

/** Teaches a connection the reset marker's script (sent once, then run by its hash). */
export function defineMarkReset(client: Redis): void {
  client.defineCommand('authSimMarkReset', { numberOfKeys: 3, lua: MARK_RESET });
}

/** One batch taken from a stream's queue for a write: the items encoded, and what to do once it is known how the write went. */
export interface TakenBatch {
  readonly count: number;
  /** The items as one JSON list. */
  readonly items: string;
  /** Redis has it, as entry `id`. */
  written(id: string): void;
}

/**
 * Items this instance adds to a Redis stream the group reads, its own included (journal entries,
 * caller-report exchanges): queued on the request path (a push, nothing more) and written by a
 * StreamWriter at the end of the event loop's turn, so items that end in one turn go in one
 * stream entry and an answer's item is written before its caller can send the next request
 * elsewhere. While Redis is away the queue waits, up to `cap` items; beyond that new ones are
 * counted as dropped.
 *
 * Each item is described (`describe`, type D) when its batch is taken, and the described items are
 * kept by the write's number until the reader meets their entry: this instance takes its own items
 * from here, as described, rather than parsing and checking its own JSON again (by callgrind's count,
 * half of what a group added to a request). Kept items are at most `cap`; an entry whose items are
 * no longer kept is parsed like any other, so keeping them changes what is read, never what it says.
 */
export class ShippedStream<T, D = T> {
  private queue: T[] = [];
  /** Described items of the writes the reader has not met yet, by write number, oldest first. */
  private kept = new Map<number, readonly D[]>();
  private keptItems = 0;
  /** Items taken for a write not yet answered. */
  private sending = 0;
  /** Bumped by a reset, so a batch taken before it no longer counts once written. */
  private generation = 0;
  /** Told when an item is queued: the writer schedules a write. */
  onQueued: () => void = () => undefined;
  /** The id of the last entry this instance wrote: a reader that has reached it has read its own writes. */
  lastWritten = '0-0';
  /** Items given up on because the queue was full while Redis was away. */
  dropped = 0;
  /** The stream's key, its counter's and its list of entries' (see StreamWriter). */
  readonly keys: readonly [stream: string, counter: string, entries: string];

  constructor(
    private readonly client: Redis,
    readonly key: string,
    /** The stream's cap in items (requests), and the most that wait for Redis. */
    readonly cap: number,
    private readonly describe: (item: T) => D,
    private readonly toJson: (described: D) => unknown,
    /** The last number read from the stream: a counter Redis lost goes on from there. */
    readonly floor: () => number,
  ) {
    this.keys = [key, `${key}:seq`, `${key}:entries`];
  }

  /** Items waiting to be written. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Nothing waits or is being written. */
  get idle(): boolean {
    return this.queue.length === 0 && this.sending === 0;
  }

  push(item: T): void {
    if (this.queue.length >= this.cap) this.dropped += 1;
    else this.queue.push(item);
    this.onQueued();
  }

  /** Forgets what waits and what is being written (a reset). */
  clear(): void {
    this.queue = [];
    this.sending = 0;
    this.generation += 1;
    this.kept.clear();
    this.keptItems = 0;
  }

  /** Takes up to `max` waiting items, described and kept as write number `write`, encoded for it. */
  take(max: number, write: number): TakenBatch {
    const batch = this.queue.splice(0, max);
    const generation = this.generation;
    this.sending += batch.length;
    const described = batch.map(this.describe);
    if (described.length > 0) this.keep(write, described);
    return {
      count: batch.length,
      items: described.length === 0 ? '[]' : JSON.stringify(described.map(this.toJson)),
      written: (id) => {
        if (generation !== this.generation) return;
        this.sending -= batch.length;
        if (batch.length > 0) this.lastWritten = id;
      },
    };
  }

  /**
   * The items of this writer's write `write`, as described, when its entry is read back (and
   * those of earlier writes, whose entries the reader can no longer meet, forgotten); undefined
   * when they are not kept.
   */
  takeKept(write: number): readonly D[] | undefined {
    for (const [number, items] of this.kept) {
      if (number > write) return undefined;
      this.kept.delete(number);
      this.keptItems -= items.length;
      if (number === write) return items;
    }
    return undefined;
  }

  /** Keeps a write's items, the oldest writes' given up beyond the cap. */
  private keep(write: number, described: readonly D[]): void {
    this.kept.set(write, described);
    this.keptItems += described.length;
    for (const [number, items] of this.kept) {
      if (this.keptItems <= this.cap) break;
      this.kept.delete(number);
      this.keptItems -= items.length;
    }
  }

  /** Writes a reset marker: every reader drops what came before it at the same place. Answers the junk it dropped; throws when Redis refused. */
  async markReset(since: number): Promise<readonly StreamJunk[]> {
    const marked = readAppended(await (this.client as Marking).authSimMarkReset(...this.keys, since), 1);
    if (marked === null) throw new Error(`${this.key}: the reset marker's script answered something else`);
    this.lastWritten = marked.ids[0];
    return marked.junk;
  }
}
