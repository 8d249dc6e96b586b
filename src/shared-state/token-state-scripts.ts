import { LUA_WHOLE } from './checked-use';
import { JUNK_ROW, WHOLE_OF } from './stream-junk';

/**
 * Redis's clock plus the group's clock offset (`POST /__admin/clock`, KEYS[2]), so every instance
 * reads one scenario time. A value that is not an offset (see WHOLE_OF; another client's) counts
 * as none, and is told in the answer's sixth item, `clockJunk` (a junk row), until the next advance
 * replaces it.
 */
const NOW = `${LUA_WHOLE}${WHOLE_OF}${JUNK_ROW}
local t = redis.call('TIME')
local offset, okind, ocontent = wholeOf(KEYS[2])
local clockJunk = false
if okind then clockJunk = junkRow(KEYS[2], '', 'clock', okind, ocontent, '0') end
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(offset or '0')
local tok = ARGV[1]
`;

/**
 * The token's state as the scripts read it, kept per definition: every field is named
 * `<kind>:<fingerprint>:<token>` (ARGV[2] the entry's fingerprint), so an instance serving another
 * definition of the token (a reload, or a replica with other files) keeps a state of its own and
 * never resets this one. `first` is the first use, or false when this definition has none yet;
 * `junk` what it held instead of a use count and a time (another client wrote it), which starts
 * the token afresh, and is told back.
 */
const STATE = `
local id = ARGV[2] .. ':' .. tok
local u = redis.call('HGET', KEYS[1], 'u:' .. id)
local first = redis.call('HGET', KEYS[1], 't:' .. id)
local junk = false
if not u and not first then
  first = false
elseif not (whole(u, 15) and whole(first, 16)) then
  junk = tostring(u or 'none') .. ' ' .. tostring(first or 'none')
  first = false
end
`;

/**
 * One round trip per stateful request, atomic in Redis: a definition (fingerprint) the token has
 * no state for yet starts it afresh, the use is counted, and the first use and now are read on
 * scenario time (NOW), so every instance sees one order and one expiry clock. With a rate limit (ARGV[3] requests per
 * ARGV[4] ms) the request is first counted in the token's window, as TokenStates' countInWindow
 * does; one beyond it is not a use, and the answer's fourth item is how long the window has
 * left (false when not limited); the fifth is `junk` (see STATE), the sixth `clockJunk` (see NOW). Fields of one hash per group,
 * each `<kind>:<fingerprint>:<token>`: u, t (use count, first use) and w, c (window start, count;
 * a window that is not numbers starts anew).
 */
export const TOUCH_SCRIPT = `${NOW}${STATE}
if not first then
  redis.call('HSET', KEYS[1], 'u:' .. id, 0, 't:' .. id, now, 'w:' .. id, now, 'c:' .. id, 0)
  first = now
  u = '0'
end
if ARGV[3] then
  local per = tonumber(ARGV[4])
  local start = redis.call('HGET', KEYS[1], 'w:' .. id)
  local w = whole(start, 16) and tonumber(start) or now
  if now - w >= per or now < w or not whole(redis.call('HGET', KEYS[1], 'c:' .. id), 15) then
    w = now
    redis.call('HSET', KEYS[1], 'w:' .. id, now, 'c:' .. id, 0)
  end
  if redis.call('HINCRBY', KEYS[1], 'c:' .. id, 1) > tonumber(ARGV[3]) then
    return {tonumber(u), tonumber(first), now, w + per - now, junk, clockJunk}
  end
end
return {redis.call('HINCRBY', KEYS[1], 'u:' .. id, 1), tonumber(first), now, false, junk, clockJunk}
`;

/** TOUCH_SCRIPT's answer without its writes: the use the next request would get, on scenario time. */
export const PEEK_SCRIPT = `${NOW}${STATE}
if not first then
  return {1, now, now, false, junk, clockJunk}
end
return {tonumber(u) + 1, tonumber(first), now, false, junk, clockJunk}
`;
