import { JUNK_ROW, LAST_ID } from './stream-junk';

/**
 * Lua shared by the scripts that add to a group stream (the append and the reset marker): `junk`
 * collects what another client left (a row per value: key, field, role, type, excerpt, length,
 * replacement) for the caller to report, `failed` tells an error reply, and after a failed XADD,
 * `dropForeign` drops a key of another type than auth-sim's and `dropExhausted` a stream whose
 * last id is the largest there is, so the command meant for it runs; an error of any other kind
 * stands. Both run only after a command failed, so a clean call costs what it did.
 */
export const STREAM_DROPS = `${JUNK_ROW}
local junk = {}
local function told(key, field, role, kind, value, by)
  junk[#junk + 1] = junkRow(key, field, role, kind, value, by)
end
local function failed(reply) return type(reply) == 'table' and reply.err ~= nil end
local function dropForeign(key, role, wanted)
  local kind = redis.call('TYPE', key).ok
  if kind == wanted or kind == 'none' then return end
  told(key, '', role, kind, kind == 'string' and redis.call('GET', key) or '', '')
  redis.call('DEL', key)
end
-- XADD '*' has no id left after the largest (another client's XADD or XSETID put it there): the stream starts afresh, with its list of entries.
local function dropExhausted(stream, entries)
  if redis.call('TYPE', stream).ok ~= 'stream' then return end
  local info = redis.call('XINFO', 'STREAM', stream)
  for i = 1, #info - 1, 2 do
    if info[i] == 'last-generated-id' and info[i + 1] == '${LAST_ID}' then
      told(stream, '', 'exhausted', 'stream', '', '')
      redis.call('DEL', stream, entries)
    end
  end
end
`;
