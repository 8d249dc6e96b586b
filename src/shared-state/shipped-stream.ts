import type { Redis } from 'ioredis';
import { readStreamEntry } from './checked-stream-entry';
import type { RejectedValues } from './rejected-values';

/** Items per script call at most: one round trip writes one stream entry of this many. */
const BATCH = 500;

/**
 * Appends a batch of items to a group stream as one stream entry: `s` the number of its first item
 * (items are numbered from the stream's counter in the order Redis runs the calls: the group-wide
 * order and `seq` every instance reads alike), `n` how many it holds. The counter starts from the
 * caller's floor when Redis has none (came back empty), so numbers go on rather than start again.
 * Then the oldest entries whose every item lies beyond the cap are trimmed (MINID, exact): the cap
 * counts requests, not entries. Which entry holds which numbers is kept beside the stream in a
 * list (KEYS[3], "<id> <last number>" per entry), so trimming never reads the entries' items back;
 * a line of it that is not auth-sim's is dropped.
 */
const APPEND = `
if redis.call('EXISTS', KEYS[2]) == 0 then redis.call('SET', KEYS[2], ARGV[3]) end
local n = tonumber(ARGV[4])
local last = redis.call('INCRBY', KEYS[2], n)
local id = redis.call('XADD', KEYS[1], '*', 'i', ARGV[2], 's', last - n + 1, 'n', n, 'e', ARGV[5])
redis.call('RPUSH', KEYS[3], id .. ' ' .. last)
local oldest = last - tonumber(ARGV[1])
while true do
  local second = redis.call('LINDEX', KEYS[3], 1)
  if not second then break end
  local held = tonumber(string.match(redis.call('LINDEX', KEYS[3], 0), ' (%d+)$') or '')
  if held ~= nil and held > oldest then break end
  local next = string.match(second, '^(%d+%-%d+) ')
  if next then redis.call('XTRIM', KEYS[1], 'MINID', next) end
  redis.call('LPOP', KEYS[3])
end
return id
`;

/** Entries per XREAD at most: each holds up to BATCH items, all folded before the next read. */
const ENTRIES_PER_READ = 100;

/**
 * A reset in the stream's order: everything before it is dropped, everything after it counts. It
 * holds no items (`n` 0) and is numbered where the counter stands, so the trim above drops it once
 * a cap's worth of items has come after it.
 */
const MARK_RESET = `
local s = tonumber(redis.call('GET', KEYS[2])) or 0
local id = redis.call('XADD', KEYS[1], '*', 'r', ARGV[1], 's', s, 'n', 0)
redis.call('XTRIM', KEYS[1], 'MINID', id)
redis.call('DEL', KEYS[3])
redis.call('RPUSH', KEYS[3], id .. ' ' .. s)
return id
`;

type Scripted = Redis & {
  authSimAppend(
    stream: string,
    counter: string,
    entries: string,
    cap: number,
    instance: string,
    floor: number,
    count: number,
    items: string,
  ): Promise<string>;
  authSimMarkReset(stream: string, counter: string, entries: string, since: number): Promise<string>;
};

/** Teaches a connection the two scripts (sent once, then run by their hash). */
export function defineStreamScripts(client: Redis): void {
  client.defineCommand('authSimAppend', { numberOfKeys: 3, lua: APPEND });
  client.defineCommand('authSimMarkReset', { numberOfKeys: 3, lua: MARK_RESET });
}

/**
 * Items this instance adds to a Redis stream the group reads, its own included (journal entries,
 * caller-report exchanges): queued on the request path (a push, nothing more) and written at the
 * end of the event loop's turn, so items that end in one turn go in one round trip and an answer's
 * item is written before its caller can send the next request elsewhere. While Redis is away the
 * queue waits, up to `cap` items; beyond that new ones are counted as dropped.
 */
export class ShippedStream<T> {
  private queue: T[] = [];
  private flushing = false;
  private scheduled = false;
  /** Where the flushes go; unset until the group is joined. */
  private instance: string | undefined;
  /** The id of the last entry this instance wrote: a reader that has reached it has read its own writes. */
  lastWritten = '0-0';
  /** Items given up on because the queue was full while Redis was away. */
  dropped = 0;

  constructor(
    private readonly client: Redis,
    readonly key: string,
    /** The stream's cap in items (requests), and the most that wait for Redis. */
    readonly cap: number,
    private readonly toJson: (item: T) => unknown,
    /** The last number read from the stream: a counter Redis lost goes on from there. */
    private readonly floor: () => number,
  ) {}

  /** Items waiting to be written. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Nothing waits or is being written. */
  get idle(): boolean {
    return this.queue.length === 0 && !this.flushing;
  }

  push(item: T): void {
    if (this.queue.length >= this.cap) this.dropped += 1;
    else this.queue.push(item);
    this.schedule();
  }

  /** Starts writing, as `instance`, what waits and what comes. */
  start(instance: string): void {
    this.instance = instance;
    this.schedule();
  }

  /** Forgets what waits (a reset). */
  clear(): void {
    this.queue = [];
  }

  /** Writes a reset marker: every reader drops what came before it at the same place. */
  async markReset(since: number): Promise<void> {
    this.lastWritten = await (this.client as Scripted).authSimMarkReset(
      this.key,
      `${this.key}:seq`,
      `${this.key}:entries`,
      since,
    );
  }

  private schedule(): void {
    if (this.scheduled || this.instance === undefined) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /** Writes what waits, a batch per round trip; a failed batch goes back to the front of the queue. */
  async flush(): Promise<void> {
    const instance = this.instance;
    if (this.flushing || this.queue.length === 0 || instance === undefined || this.client.status !== 'ready') return;
    this.flushing = true;
    try {
      while (this.queue.length > 0 && this.client.status === 'ready') {
        const batch = this.queue.splice(0, BATCH);
        const items = JSON.stringify(batch.map(this.toJson));
        const key = this.key;
        const id = await (this.client as Scripted)
          .authSimAppend(key, `${key}:seq`, `${key}:entries`, this.cap, instance, this.floor(), batch.length, items)
          .catch(() => null);
        if (id === null) {
          this.requeue(batch);
          return;
        }
        this.lastWritten = id;
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

/** One stream the group reads: its key, where reading has reached, and what to do with each item. */
export interface StreamReading {
  readonly key: string;
  /** The id of the last entry read. */
  last: string;
  /** The `s` of the last item read; 0 before the first. */
  seq: number;
  /** Items trimmed away before this instance read them (it fell more than the cap behind). */
  missed: number;
  /** Checks and takes on one item (its instance, its group-wide number); answers what is wrong with it, or null. */
  readonly deliver: (item: unknown, instance: string, seq: number) => string | null;
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
      await readOnce(reader, readings, rejected, 1000);
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
 * Hands on one stream entry: a reset marker, or a batch of items, numbered on from its `s` (this instance's own
 * too). An entry or item that is not what auth-sim writes is skipped and counted; the good items
 * beside it are still handed on.
 */
function deliverEntry(reading: StreamReading, id: string, fields: unknown, rejected: RejectedValues): void {
  reading.last = id;
  const entry = readStreamEntry(fields);
  if (typeof entry === 'string') return rejected.reject(`${reading.key} entry ${id}`, entry);
  if ('reset' in entry) return reading.reset(entry.reset);
  // Numbers go up by one an item; a jump means entries were trimmed before they were read, a fall that Redis started again.
  if (reading.seq > 0 && entry.seq > reading.seq + 1) reading.missed += entry.seq - reading.seq - 1;
  reading.seq = entry.seq + Math.max(0, entry.items.length - 1);
  entry.items.forEach((item, index) => {
    let problem: string | null;
    try {
      problem = reading.deliver(item, entry.instance, entry.seq + index);
    } catch (error) {
      problem = `could not be taken on: ${(error as Error).message}`;
    }
    if (problem !== null) rejected.reject(`${reading.key} entry ${id} item ${index + 1}`, problem);
  });
}
