import type { Redis } from 'ioredis';
import { JUNK_ROW, readJunkRow, WHOLE_OF, type StreamJunk } from './stream-junk';

/**
 * The largest clock offset a group keeps (14 digits, about 3,000 years): what WHOLE_OF takes for
 * a number, what cjson writes exactly in the announcement, and far inside what a Date holds.
 */
export const MAX_OFFSET_MS = 99_999_999_999_999;

/** Whether a value is a clock offset as the group keeps it: whole milliseconds from 0 to MAX_OFFSET_MS. */
export function isOffset(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_OFFSET_MS;
}

/**
 * Lua for the clock scripts: `offsetAt(key, own)` answers the group's offset in KEYS[1] as a
 * string; a value that is not one (another client's: see WHOLE_OF) is replaced by `own`, this
 * instance's offset, and told in `junk` (a row of key, field, role, type, excerpt, length and
 * replacement). A missing key answers nil.
 */
const OFFSET_AT = `${WHOLE_OF}${JUNK_ROW}
local junk = false
local function offsetAt(key, own)
  local value, kind, content = wholeOf(key)
  if not kind then return value end
  junk = junkRow(key, '', 'clock', kind, content, own)
  redis.call('SET', key, own)
  return own
end
`;

/**
 * Adds ARGV[1] ms to the group's offset (KEYS[1]) and announces the result (on KEYS[2], from
 * ARGV[2]) in one step, so announcements come in the order of the changes. The sum stops at the
 * largest offset kept rather than pass what the readers take for a number. The checks ride on
 * the GET the sum needs, so a clean advance costs what it did.
 */
const ADVANCE_SCRIPT = `${OFFSET_AT}
local offset = math.min(tonumber(offsetAt(KEYS[1], ARGV[3]) or '0') + tonumber(ARGV[1]), ${MAX_OFFSET_MS})
redis.call('SET', KEYS[1], string.format('%d', offset))
redis.call('PUBLISH', KEYS[2], cjson.encode({from = ARGV[2], kind = 'clock', offsetMs = offset}))
return {offset, junk}
`;

/** The group's offset as a joining instance reads it (KEYS[1]; ARGV[1] its own offset, written when Redis holds none or junk). */
const READ_SCRIPT = `${OFFSET_AT}
local offset = offsetAt(KEYS[1], ARGV[1])
if not offset and ARGV[1] ~= '0' then redis.call('SET', KEYS[1], ARGV[1]) end
return {offset or false, junk}
`;

type ClockRedis = Redis & {
  authSimAdvance(clock: string, events: string, byMs: number, from: string, own: number): Promise<unknown>;
  authSimReadClock(clock: string, own: number): Promise<unknown>;
};

/** Teaches a connection the clock's scripts (sent once, then run by their hash). */
export function defineClockScripts(client: Redis): void {
  client.defineCommand('authSimAdvance', { numberOfKeys: 2, lua: ADVANCE_SCRIPT });
  client.defineCommand('authSimReadClock', { numberOfKeys: 1, lua: READ_SCRIPT });
}

/** What a clock script answers: the group's offset (null when Redis holds none), and the junk it replaced. */
export interface ClockReading {
  readonly offsetMs: number | null;
  readonly junk: StreamJunk | null;
}

/** A clock script's reply as a reading, or null when it is not one (Redis answered something else). */
function readClockReply(reply: unknown): ClockReading | null {
  if (!Array.isArray(reply) || reply.length < 1 || reply.length > 2) return null;
  const [offset, row] = reply as unknown[];
  const offsetMs = typeof offset === 'string' && /^\d{1,14}$/.test(offset) ? Number(offset) : offset;
  const junk = row === null || row === undefined ? null : readJunkRow(row);
  if (!(offsetMs === null || isOffset(offsetMs)) || (junk === null && row !== null && row !== undefined)) return null;
  return { offsetMs, junk };
}

/** Adds `byMs` to the group's offset (junk there goes on from `own`) and announces it; null when Redis did not answer one. */
export async function advanceClock(
  client: Redis,
  keys: { readonly clock: string; readonly events: string },
  byMs: number,
  from: string,
  own: number,
): Promise<ClockReading | null> {
  const reply = await (client as ClockRedis).authSimAdvance(keys.clock, keys.events, byMs, from, own).catch(() => null);
  return readClockReply(reply);
}

/** The group's offset (written from `own` when Redis holds none or junk); null when Redis did not answer one. */
export async function readClock(client: Redis, key: string, own: number): Promise<ClockReading | null> {
  return readClockReply(await (client as ClockRedis).authSimReadClock(key, own).catch(() => null));
}
