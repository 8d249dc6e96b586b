import { LUA_WHOLE } from './checked-use';

/**
 * Redis's clock plus the group's clock offset (`POST /__admin/clock`, KEYS[2]; a value that is not
 * whole milliseconds from 0 counts as none), so every instance reads one scenario time.
 */
const NOW = `${LUA_WHOLE}
local t = redis.call('TIME')
local offset = redis.call('GET', KEYS[2])
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + (whole(offset, 15) and tonumber(offset) or 0)
local tok = ARGV[1]
`;

/**
 * The token's state as the scripts read it: `first` is the first use, or false when the state
 * is another entry's (or none); `junk` what it held instead of a use count and a time (another
 * client wrote it), which starts the token afresh like a changed entry, and is told back.
 */
const STATE = `
local u = redis.call('HGET', KEYS[1], 'u:' .. tok)
local first = redis.call('HGET', KEYS[1], 't:' .. tok)
local junk = false
if redis.call('HGET', KEYS[1], 'f:' .. tok) ~= ARGV[2] then
  first = false
elseif not (whole(u, 15) and whole(first, 16)) then
  junk = tostring(u or 'none') .. ' ' .. tostring(first or 'none')
  first = false
end
`;

/**
 * One round trip per stateful request, atomic in Redis: a changed entry (fingerprint) starts the
 * token afresh, the use is counted, and the first use and now are read on scenario time (NOW), so
 * every instance sees one order and one expiry clock. With a rate limit (ARGV[3] requests per
 * ARGV[4] ms) the request is first counted in the token's window, as TokenStates' countInWindow
 * does; one beyond it is not a use, and the answer's fourth item is how long the window has
 * left (false when not limited); the fifth is `junk` (see STATE). Fields of one hash per group:
 * f:, u:, t: + token, and w:, c: (window start, count; a window that is not numbers starts anew).
 */
export const TOUCH_SCRIPT = `${NOW}${STATE}
if not first then
  redis.call('HSET', KEYS[1], 'f:' .. tok, ARGV[2], 'u:' .. tok, 0, 't:' .. tok, now, 'w:' .. tok, now, 'c:' .. tok, 0)
  first = now
  u = '0'
end
if ARGV[3] then
  local per = tonumber(ARGV[4])
  local start = redis.call('HGET', KEYS[1], 'w:' .. tok)
  local w = whole(start, 16) and tonumber(start) or now
  if now - w >= per or now < w or not whole(redis.call('HGET', KEYS[1], 'c:' .. tok), 15) then
    w = now
    redis.call('HSET', KEYS[1], 'w:' .. tok, now, 'c:' .. tok, 0)
  end
  if redis.call('HINCRBY', KEYS[1], 'c:' .. tok, 1) > tonumber(ARGV[3]) then
    return {tonumber(u), tonumber(first), now, w + per - now, junk}
  end
end
return {redis.call('HINCRBY', KEYS[1], 'u:' .. tok, 1), tonumber(first), now, false, junk}
`;

/** TOUCH_SCRIPT's answer without its writes: the use the next request would get, on scenario time. */
export const PEEK_SCRIPT = `${NOW}${STATE}
if not first then
  return {1, now, now, false, junk}
end
return {tonumber(u) + 1, tonumber(first), now, false, junk}
`;
