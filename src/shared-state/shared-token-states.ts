import type { Redis } from 'ioredis';
import type { TokenUse } from '../scenario/compile/scenario-set';
import type { TokenStateStore, TokenStateView, TokenStates } from '../scenario/state/token-state';
import { LUA_WHOLE, readScriptUse, readStoredState } from './checked-use';
import type { RejectedValues } from './rejected-values';

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
 * The token's state as the scripts read it: \`first\` is the first use, or false when the state
 * is another entry's (or none); \`junk\` what it held instead of a use count and a time (another
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
 * every instance sees one order and one expiry clock. Fields of one hash per group: f:, u:, t: + token.
 */
const TOUCH_SCRIPT = `${NOW}${STATE}
if not first then
  redis.call('HSET', KEYS[1], 'f:' .. tok, ARGV[2], 'u:' .. tok, 0, 't:' .. tok, now)
  first = now
end
return {redis.call('HINCRBY', KEYS[1], 'u:' .. tok, 1), tonumber(first), now, junk}
`;

/** TOUCH_SCRIPT's answer without its writes: the use the next request would get, on scenario time. */
const PEEK_SCRIPT = `${NOW}${STATE}
if not first then
  return {1, now, now, junk}
end
return {tonumber(u) + 1, tonumber(first), now, junk}
`;

type Script = (key: string, clockKey: string, token: string, fingerprint: string) => Promise<unknown>;
type TouchingRedis = Redis & { authSimTouch: Script; authSimPeek: Script };

/**
 * Token state kept in Redis for a group of simulators. While Redis is away (or slower than the
 * command time-out) a request is answered from this instance's own TokenStates instead, so it
 * never hangs; static entries never reach here at all.
 */
export class SharedTokenStates implements TokenStateStore {
  private readonly client: TouchingRedis;

  constructor(
    client: Redis,
    private readonly key: string,
    /** Where the group's clock offset is kept (a number of milliseconds, absent for none). */
    private readonly clockKey: string,
    /** This instance's own state: the fallback while Redis is away. */
    readonly local: TokenStates,
    private readonly isShared: () => boolean,
    /** Where a state that is not numbers (another client wrote it) is counted and told. */
    private readonly rejected: RejectedValues,
  ) {
    client.defineCommand('authSimTouch', { numberOfKeys: 2, lua: TOUCH_SCRIPT });
    client.defineCommand('authSimPeek', { numberOfKeys: 2, lua: PEEK_SCRIPT });
    this.client = client as TouchingRedis;
  }

  get seed(): number {
    return this.local.seed;
  }

  touch(token: string, fingerprint: string): TokenUse | Promise<TokenUse> {
    if (!this.isShared()) return this.local.touch(token, fingerprint);
    return this.client.authSimTouch(this.key, this.clockKey, token, fingerprint).then(
      (reply) => this.checked(token, reply) ?? this.local.touch(token, fingerprint),
      () => this.local.touch(token, fingerprint),
    );
  }

  peek(token: string, fingerprint: string): TokenUse | Promise<TokenUse> {
    if (!this.isShared()) return this.local.peek(token, fingerprint);
    return this.client.authSimPeek(this.key, this.clockKey, token, fingerprint).then(
      (reply) => this.checked(token, reply) ?? this.local.peek(token, fingerprint),
      () => this.local.peek(token, fingerprint),
    );
  }

  async reset(token?: string): Promise<number> {
    const forgotten = this.local.resetNow(token);
    if (!this.isShared()) return forgotten;
    if (token !== undefined)
      return (await this.client.hdel(this.key, `f:${token}`, `u:${token}`, `t:${token}`)) > 0 ? 1 : 0;
    const [[, fields]] = (await this.client.multi().hlen(this.key).del(this.key).exec()) as [[unknown, number]];
    return Math.floor(fields / 3);
  }

  async list(token?: string): Promise<TokenStateView[]> {
    if (!this.isShared()) return this.local.list(token);
    if (token !== undefined) {
      const [uses, first] = await this.client.hmget(this.key, `u:${token}`, `t:${token}`);
      return uses === null && first === null ? [] : this.view(token, uses, first);
    }
    const all = await this.client.hgetall(this.key);
    return Object.keys(all)
      .filter((field) => field.startsWith('u:'))
      .map((field) => field.slice(2))
      .flatMap((t) => this.view(t, all[`u:${t}`], all[`t:${t}`] ?? null));
  }

  /** A script's answer as a use; null (told and counted) when it is not one, and the local state answers. */
  private checked(token: string, reply: unknown): TokenUse | null {
    const read = readScriptUse(reply);
    if (typeof read === 'string') {
      this.rejected.reject(`${this.key} token ${JSON.stringify(token)}`, read);
      return null;
    }
    if (read.junk !== null)
      this.rejected.reject(
        `${this.key} token ${JSON.stringify(token)}`,
        `the use count and first use (${read.junk}) are not whole numbers; the token starts afresh`,
      );
    return read.use;
  }

  /** One token's state for display; none (told and counted) when it is not numbers. */
  private view(token: string, uses: string | null, first: string | null): TokenStateView[] {
    const state = readStoredState(uses, first);
    if (state !== null) return [{ token, uses: state.uses, firstUseAt: new Date(state.firstUseAt).toISOString() }];
    this.rejected.reject(
      `${this.key} token ${JSON.stringify(token)}`,
      `the use count and first use (${String(uses)} ${String(first)}) are not whole numbers`,
    );
    return [];
  }
}
