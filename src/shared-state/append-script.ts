import { WHOLE_OF, readJunkRow, type StreamJunk } from './stream-junk';
import { STREAM_DROPS } from './stream-drops';

/**
 * Appends a batch of items to each of the group's streams (KEYS: stream, counter, list of entries,
 * for each, then the hash of last writes; ARGV: the instance, the writer and its write's number,
 * then cap, floor, count and items for each) as one stream entry: `s` the number of its first item
 * (items are numbered from the stream's counter in the order Redis runs the calls: the group-wide
 * order and `seq` every instance reads alike). A counter starts from the caller's floor when Redis
 * has none (came back empty), so numbers go on rather than start again. Then the oldest entries
 * whose every item lies beyond the cap are trimmed (MINID, exact): the cap counts requests, not
 * entries. Which entry holds which numbers is kept beside the stream in a list ("<id> <last
 * number>" per entry), so trimming never reads the entries' items back; a line of it that is not
 * auth-sim's (no number, or one past the counter) is dropped, so junk there never stops the trim.
 * One call for both streams: a reader blocked on both wakes once, and both streams' entries come
 * in one reply.
 *
 * Each entry names its write (`w`: the writer and the write's number), so the writer, reading the
 * entry back, knows it for its own and takes the items it kept rather than parsing them again.
 *
 * Every call is numbered per writer (the hash keeps each writer's last number and the ids it
 * wrote, for a day): a write whose reply was lost (the 250 ms command time-out, while Redis was
 * slow but ran it) is sent again with the same number and answered with the ids it already has,
 * rather than appended twice, which counted those requests twice in every instance's report.
 *
 * Another client may have written anything to these keys. A command that fails on one would fail
 * every call from then on, and no instance's requests would reach any journal again; so a counter
 * that is not one (see WHOLE_OF) is replaced by the floor, a key of another type than auth-sim's
 * is dropped, a stream whose last id is the largest there is (no entry can follow it) starts
 * afresh, and a writer's record that is not one is not taken as done. Each is told back in the
 * reply (`{ids, junk}`, a row per value: key, field, role, type, excerpt, length, replacement) for
 * the caller to report. The checks ride on the commands the happy path sends anyway (GET, and a
 * failed HGET, XADD or RPUSH), so a call with nothing wrong costs what it did.
 */
export const APPEND_SCRIPT = `${WHOLE_OF}${STREAM_DROPS}
local writes, streams = KEYS[#KEYS], (#KEYS - 1) / 3
local function isIds(list)
  if type(list) ~= 'table' or #list ~= streams then return false end
  for _, id in ipairs(list) do
    if type(id) ~= 'string' or (id ~= '' and not string.match(id, '^%d+%-%d+$')) then return false end
  end
  return true
end
local done = redis.pcall('HGET', writes, ARGV[2])
if failed(done) then dropForeign(writes, 'writes', 'hash') done = false end
if done then
  local number, ids = string.match(done, '^(%d+) (.*)$')
  if number == ARGV[3] then
    local ok, decoded = pcall(cjson.decode, ids)
    if ok and isIds(decoded) then return {decoded, junk} end
  end
  if number == nil or number == ARGV[3] or tonumber(number) > tonumber(ARGV[3]) then
    told(writes, ARGV[2], 'write', 'string', done, '')
  end
end
local ids = {}
for k = 0, streams - 1 do
  local stream, counter, entries = KEYS[k * 3 + 1], KEYS[k * 3 + 2], KEYS[k * 3 + 3]
  local floor, n = ARGV[k * 4 + 5], tonumber(ARGV[k * 4 + 6])
  ids[k + 1] = ''
  if n > 0 then
    local value, kind, content = wholeOf(counter)
    if not value then
      if kind then told(counter, '', 'counter', kind, content, floor) end
      redis.call('SET', counter, floor)
    end
    local last = redis.call('INCRBY', counter, n)
    local fields = {'XADD', stream, '*', 'i', ARGV[1], 'w', ARGV[2] .. ' ' .. ARGV[3], 's', last - n + 1, 'e', ARGV[k * 4 + 7]}
    local id = redis.pcall(unpack(fields))
    if failed(id) then
      dropForeign(stream, 'stream', 'stream')
      dropExhausted(stream, entries)
      id = redis.call(unpack(fields))
    end
    if failed(redis.pcall('RPUSH', entries, id .. ' ' .. last)) then
      dropForeign(entries, 'entries', 'list')
      redis.call('RPUSH', entries, id .. ' ' .. last)
    end
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
return {ids, junk}
`;

/** What the script answers: an entry id per stream ('' for a stream with no items), and the junk it replaced. */
export interface Appended {
  readonly ids: readonly string[];
  readonly junk: readonly StreamJunk[];
}

/** The script's reply as ids and junk, or null when it is not one (Redis answered something else). */
export function readAppended(reply: unknown, streams: number): Appended | null {
  if (!Array.isArray(reply) || reply.length !== 2) return null;
  const [ids, rows] = reply as unknown[];
  if (!Array.isArray(ids) || ids.length !== streams || !ids.every((id) => typeof id === 'string')) return null;
  if (!Array.isArray(rows)) return null;
  const junk = rows.map(readJunkRow);
  return junk.every((j) => j !== null) ? { ids, junk } : null;
}
