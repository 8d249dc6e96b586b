import type { Redis } from 'ioredis';
import type { ShippedStream } from './shipped-stream';

/** Items per stream per script call at most: one round trip writes one stream entry of this many to each. */
const BATCH = 500;

/**
 * Appends a batch of items to each of the group's streams (KEYS: stream, counter, list of entries,
 * for each; ARGV: the instance, then cap, floor, count and items for each) as one stream entry:
 * `s` the number of its first item (items are numbered from the stream's counter in the order
 * Redis runs the calls: the group-wide order and `seq` every instance reads alike). A counter
 * starts from the caller's floor when Redis has none (came back empty), so numbers go on rather
 * than start again. Then the oldest entries whose every item lies beyond the cap are trimmed
 * (MINID, exact): the cap counts requests, not entries. Which entry holds which numbers is kept
 * beside the stream in a list ("<id> <last number>" per entry), so trimming never reads the
 * entries' items back; a line of it that is not auth-sim's (no number, or one past the counter)
 * is dropped, so junk there never stops the trim. One call for both streams: a reader blocked on
 * both wakes once, and both streams' entries come in one reply.
 */
const APPEND = `
local ids = {}
for k = 0, #KEYS / 3 - 1 do
  local stream, counter, entries = KEYS[k * 3 + 1], KEYS[k * 3 + 2], KEYS[k * 3 + 3]
  local n = tonumber(ARGV[k * 4 + 4])
  ids[k + 1] = ''
  if n > 0 then
    if redis.call('EXISTS', counter) == 0 then redis.call('SET', counter, ARGV[k * 4 + 3]) end
    local last = redis.call('INCRBY', counter, n)
    local id = redis.call('XADD', stream, '*', 'i', ARGV[1], 's', last - n + 1, 'e', ARGV[k * 4 + 5])
    redis.call('RPUSH', entries, id .. ' ' .. last)
    local oldest = last - tonumber(ARGV[k * 4 + 2])
    while true do
      local second = redis.call('LINDEX', entries, 1)
      if not second then break end
      local held = tonumber(string.match(redis.call('LINDEX', entries, 0), ' (%d+)$') or '')
      if held ~= nil and held > oldest and held <= last then break end
      local next = string.match(second, '^(%d+%-%d+) ')
      if next then redis.call('XTRIM', stream, 'MINID', next) end
      redis.call('LPOP', entries)
    end
    ids[k + 1] = id
  end
end
return ids
`;

/** What the writer uses of a stream's queue (none of it depends on the item type). */
type Queue = Pick<ShippedStream<unknown>, 'keys' | 'cap' | 'floor' | 'waiting' | 'take' | 'onQueued'>;

type Appending = Redis & {
  authSimAppend(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
};

/**
 * Writes what the group's streams queue, all of them in one script call per round trip, at the
 * end of the event loop's turn in which the first item was queued; a failed write puts every
 * batch back at the front of its queue (written again on the next flush).
 */
export class StreamWriter {
  private flushing = false;
  private scheduled = false;
  /** Who writes; unset until the group is joined. */
  private instance: string | undefined;

  constructor(
    private readonly client: Redis,
    private readonly streams: readonly Queue[],
  ) {
    // Without numberOfKeys, ioredis takes the key count as the first argument of each call.
    client.defineCommand('authSimAppend', { lua: APPEND });
    for (const stream of streams) stream.onQueued = () => this.schedule();
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
      while (this.streams.some((s) => s.waiting > 0) && this.client.status === 'ready') {
        const batches = this.streams.map((s) => s.take(BATCH));
        const args = this.streams.flatMap((s, i) => [s.cap, s.floor(), batches[i].count, batches[i].items]);
        const ids = await (this.client as Appending)
          .authSimAppend(this.streams.length * 3, ...this.streams.flatMap((s) => s.keys), instance, ...args)
          .catch(() => null);
        if (!Array.isArray(ids)) {
          for (const batch of batches) batch.failed();
          return;
        }
        batches.forEach((batch, i) => batch.written(String(ids[i])));
      }
    } finally {
      this.flushing = false;
    }
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
