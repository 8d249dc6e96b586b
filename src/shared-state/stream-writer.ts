import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ShippedStream, TakenBatch } from './shipped-stream';

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
 *
 * Every call is numbered per writer (ARGV 2 and 3; the last key, a hash, keeps each writer's last
 * number and the ids it wrote, for a day): a write whose reply was lost (the 250 ms command
 * time-out, while Redis was slow but ran it) is sent again with the same number and answered
 * with the ids it already has, rather than appended twice, which counted those requests twice in
 * every instance's report.
 */
const APPEND = `
local writes = KEYS[#KEYS]
local done = redis.call('HGET', writes, ARGV[2])
if done then
  local number, ids = string.match(done, '^(%d+) (.*)$')
  if number and tonumber(number) >= tonumber(ARGV[3]) then
    local ok, decoded = pcall(cjson.decode, ids)
    if ok and type(decoded) == 'table' then return decoded end
  end
end
local ids = {}
for k = 0, (#KEYS - 1) / 3 - 1 do
  local stream, counter, entries = KEYS[k * 3 + 1], KEYS[k * 3 + 2], KEYS[k * 3 + 3]
  local n = tonumber(ARGV[k * 4 + 6])
  ids[k + 1] = ''
  if n > 0 then
    if redis.call('EXISTS', counter) == 0 then redis.call('SET', counter, ARGV[k * 4 + 5]) end
    local last = redis.call('INCRBY', counter, n)
    local id = redis.call('XADD', stream, '*', 'i', ARGV[1], 's', last - n + 1, 'e', ARGV[k * 4 + 7])
    redis.call('RPUSH', entries, id .. ' ' .. last)
    local oldest = last - tonumber(ARGV[k * 4 + 4])
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
redis.call('HSET', writes, ARGV[2], ARGV[3] .. ' ' .. cjson.encode(ids))
redis.call('EXPIRE', writes, 86400)
return ids
`;

/** What the writer uses of a stream's queue (none of it depends on the item type). */
type Queue = Pick<ShippedStream<unknown>, 'keys' | 'cap' | 'floor' | 'waiting' | 'take' | 'onQueued'>;

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
  /** This writer's name in the hash of last writes: one per process, so a restart starts afresh. */
  private readonly writer = randomUUID();
  private written = 0;
  /** A write Redis has not answered: sent again, as it is, before anything else. */
  private unanswered: Write | undefined;
  /** The hash of each writer's last write. */
  private readonly writesKey: string;

  constructor(
    private readonly client: Redis,
    private readonly streams: readonly Queue[],
  ) {
    // Without numberOfKeys, ioredis takes the key count as the first argument of each call.
    client.defineCommand('authSimAppend', { lua: APPEND });
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
        const ids = await (this.client as Appending)
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
        if (!Array.isArray(ids)) return;
        this.unanswered = undefined;
        write.batches.forEach((batch, i) => batch.written(String(ids[i])));
      }
    } finally {
      this.flushing = false;
    }
  }

  /** The next batch of each stream, numbered. */
  private nextWrite(): Write {
    const batches = this.streams.map((s) => s.take(BATCH));
    this.written += 1;
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
