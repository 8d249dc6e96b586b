import type { Redis } from 'ioredis';
import type { RejectedValues } from './rejected-values';

/**
 * Lua shared by the stream and clock scripts: `wholeOf(key)` answers a stream's counter or the
 * group's clock offset when it is one auth-sim goes on from (a string of digits without a leading
 * zero, at most 14 of them: INCRBY refuses what is not a 64-bit integer, and Lua writes a number
 * of 15 digits or more as `1e+15`, which the list of entries, cjson and the readers cannot take for
 * a number); nil when the key is missing; and for anything else nil, the key's type and, for a
 * string, its value. The happy path costs one GET (a TYPE only for a key of another type).
 */
export const WHOLE_OF = `
local function wholeOf(key)
  local value = redis.pcall('GET', key)
  if value == false then return nil end
  if type(value) == 'string' then
    if #value <= 14 and (value == '0' or string.match(value, '^[1-9]%d*$')) then return value end
    return nil, 'string', value
  end
  return nil, redis.call('TYPE', key).ok, ''
end
`;

/**
 * Lua for the scripts that tell junk: `junkRow` is the one shape they tell it in (key, field,
 * role, type, excerpt, length, replacement), the row readJunkRow reads.
 */
export const JUNK_ROW = `
local function junkRow(key, field, role, kind, value, by)
  return {key, field, role, kind, string.sub(value, 1, 40), #value, by}
end
`;

/** The largest stream id: XADD '*' has none left after it, so a stream whose last id it is takes no entry. */
export const LAST_ID = '18446744073709551615-18446744073709551615';

interface Role {
  readonly meant: string;
  readonly then: (by: string) => string;
  readonly held?: (shown: string) => string;
}

/**
 * What each of auth-sim's keys is for, as a message names it, and what happens to junk found
 * there; `held` words what was found where the key's type alone does not say it.
 */
const ROLES = {
  counter: { meant: "a count of the stream's items", then: (by: string) => `numbering goes on from ${by}` },
  entries: { meant: "auth-sim's list of the stream's entries", then: () => 'the list starts afresh' },
  stream: { meant: 'a stream', then: () => 'the stream starts afresh' },
  writes: { meant: "auth-sim's hash of each writer's last write", then: () => 'the hash starts afresh' },
  write: { meant: "a writer's last write", then: () => 'the write is made, not taken as done' },
  exhausted: {
    meant: 'a stream an entry can be added to',
    then: () => 'the stream starts afresh',
    held: () => `a stream whose last id is ${LAST_ID}, the largest there is`,
  },
  clock: {
    meant: "the group's clock offset (whole milliseconds from 0, at most 14 digits)",
    then: (by: string) => `the offset goes on from ${by} ms`,
  },
} satisfies Record<string, Role>;

/** A value another client left where auth-sim keeps one of its own, as a stream or clock script tells it. */
export interface StreamJunk {
  /** The key, and for a hash the field (else ''). */
  readonly key: string;
  readonly field: string;
  readonly role: keyof typeof ROLES;
  /** The key's type (`string`, `hash`, ...). */
  readonly kind: string;
  /** For a string, its first 40 bytes, and its length in bytes. */
  readonly excerpt: string;
  readonly length: number;
  /** What replaced it (a counter's new value), else ''. */
  readonly by: string;
}

/** One row of a script's list of junk (key, field, role, type, excerpt, length, replacement), or null when it is not one. */
export function readJunkRow(row: unknown): StreamJunk | null {
  if (!Array.isArray(row) || row.length !== 7) return null;
  const [key, field, role, kind, excerpt, length, by] = row as unknown[];
  const strings = [key, field, kind, excerpt, by].every((v) => typeof v === 'string');
  if (!strings || typeof role !== 'string' || !(role in ROLES) || typeof length !== 'number') return null;
  return { key, field, role, kind, excerpt, length, by } as StreamJunk;
}

/** Counts and tells junk a script replaced or dropped, where it was and what was done. */
export function tellJunk(rejected: RejectedValues, junk: StreamJunk): void {
  rejected.reject(junkPlace(junk), junkProblem(junk));
}

/** Where the junk was, as RejectedValues names it: the key, and the field of a hash. */
function junkPlace(junk: StreamJunk): string {
  return junk.field === '' ? junk.key : `${junk.key} field ${JSON.stringify(junk.field)}`;
}

/**
 * What was there and what was done, in words: `holds the string "abc", not a count of the stream's
 * items; numbering goes on from 12`. A string is shown quoted and escaped (control characters
 * too), cut at 40 bytes; another client's value, never anything of auth-sim's own configuration.
 */
function junkProblem(junk: StreamJunk): string {
  const role: Role = ROLES[junk.role];
  const shown =
    junk.length > 40
      ? `${JSON.stringify(junk.excerpt).slice(0, -1)}..." (${junk.length} bytes)`
      : JSON.stringify(junk.excerpt);
  const held = role.held?.(shown) ?? (junk.kind === 'string' ? `the string ${shown}` : `a ${junk.kind}`);
  return `holds ${held}, not ${role.meant}; ${role.then(junk.by)}`;
}

/** A counter as a joining instance reads it: its value, or the junk row (its replacement 0) when it is not one. */
const READ_COUNTER = `${WHOLE_OF}${JUNK_ROW}
local value, kind, content = wholeOf(KEYS[1])
if kind then return junkRow(KEYS[1], '', 'counter', kind, content, '0') end
return value or '0'
`;

type CounterReading = Redis & { authSimReadCounter(key: string): Promise<unknown> };

/** Teaches a connection the counter's read (sent once, then run by its hash). */
export function defineReadCounter(client: Redis): void {
  client.defineCommand('authSimReadCounter', { numberOfKeys: 1, lua: READ_COUNTER });
}

/**
 * A stream's counter by the rule the append script holds it to: its number, 0 when there is none,
 * or what another client left there (counted as 0); null when Redis did not answer.
 */
export async function readCounter(client: Redis, key: string): Promise<number | StreamJunk | null> {
  const reply = await (client as CounterReading).authSimReadCounter(key).catch(() => null);
  if (typeof reply === 'string' && /^\d{1,14}$/.test(reply)) return Number(reply);
  return reply === null ? null : readJunkRow(reply);
}
