import type { Redis } from 'ioredis';
import type { RateLimitRule, TokenUse } from '../scenario/compile/scenario-set';
import type { TokenStateStore, TokenStateView, TokenStates } from '../scenario/state/token-state';

/**
 * Redis's clock plus the group's clock offset (`POST /__admin/clock`, KEYS[2]; a value that is not
 * a number counts as none), so every instance reads one scenario time.
 */
const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + (tonumber(redis.call('GET', KEYS[2])) or 0)
local tok = ARGV[1]
`;

/**
 * One round trip per stateful request, atomic in Redis: a changed entry (fingerprint) starts the
 * token afresh, the use is counted, and the first use and now are read on scenario time (NOW), so
 * every instance sees one order and one expiry clock. With a rate limit (ARGV[3] requests per
 * ARGV[4] ms) the request is first counted in the token's window, as TokenStates' countInWindow
 * does; one beyond it is not a use, and the answer's fourth item is how long the window has
 * left. Fields of one hash per group: f:, u:, t: + token, and w:, c: (window start, count).
 */
const TOUCH_SCRIPT = `${NOW}
if redis.call('HGET', KEYS[1], 'f:' .. tok) ~= ARGV[2] then
  redis.call('HSET', KEYS[1], 'f:' .. tok, ARGV[2], 'u:' .. tok, 0, 't:' .. tok, now, 'w:' .. tok, now, 'c:' .. tok, 0)
end
if ARGV[3] then
  local per = tonumber(ARGV[4])
  local w = tonumber(redis.call('HGET', KEYS[1], 'w:' .. tok)) or now
  if now - w >= per or now < w then
    w = now
    redis.call('HSET', KEYS[1], 'w:' .. tok, now, 'c:' .. tok, 0)
  end
  if redis.call('HINCRBY', KEYS[1], 'c:' .. tok, 1) > tonumber(ARGV[3]) then
    return {tonumber(redis.call('HGET', KEYS[1], 'u:' .. tok)), redis.call('HGET', KEYS[1], 't:' .. tok), now, w + per - now}
  end
end
local u = redis.call('HINCRBY', KEYS[1], 'u:' .. tok, 1)
return {u, redis.call('HGET', KEYS[1], 't:' .. tok), now}
`;

/** TOUCH_SCRIPT's answer without its writes: the use the next request would get, on scenario time. */
const PEEK_SCRIPT = `${NOW}
if redis.call('HGET', KEYS[1], 'f:' .. tok) ~= ARGV[2] then
  return {1, now, now}
end
return {tonumber(redis.call('HGET', KEYS[1], 'u:' .. tok)) + 1, redis.call('HGET', KEYS[1], 't:' .. tok), now}
`;

type Script = (
  key: string,
  clockKey: string,
  token: string,
  fingerprint: string,
  requests?: number,
  perMs?: number,
) => Promise<[number, string | number, number, number?]>;
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
  ) {
    client.defineCommand('authSimTouch', { numberOfKeys: 2, lua: TOUCH_SCRIPT });
    client.defineCommand('authSimPeek', { numberOfKeys: 2, lua: PEEK_SCRIPT });
    this.client = client as TouchingRedis;
  }

  get seed(): number {
    return this.local.seed;
  }

  touch(token: string, fingerprint: string, limit?: RateLimitRule): TokenUse | Promise<TokenUse> {
    if (!this.isShared()) return this.local.touch(token, fingerprint, limit);
    const touched =
      limit === undefined
        ? this.client.authSimTouch(this.key, this.clockKey, token, fingerprint)
        : this.client.authSimTouch(this.key, this.clockKey, token, fingerprint, limit.requests, limit.perMs);
    return touched.then(toUse, () => this.local.touch(token, fingerprint, limit));
  }

  peek(token: string, fingerprint: string): TokenUse | Promise<TokenUse> {
    if (!this.isShared()) return this.local.peek(token, fingerprint);
    return this.client
      .authSimPeek(this.key, this.clockKey, token, fingerprint)
      .then(toUse, () => this.local.peek(token, fingerprint));
  }

  async reset(token?: string): Promise<number> {
    const forgotten = this.local.resetNow(token);
    if (!this.isShared()) return forgotten;
    if (token !== undefined)
      return (await this.client.hdel(this.key, ...STATE_FIELDS.map((f) => `${f}${token}`))) > 0 ? 1 : 0;
    const [[, fields]] = (await this.client.multi().hkeys(this.key).del(this.key).exec()) as [[unknown, string[]]];
    return fields.filter((field) => field.startsWith('u:')).length;
  }

  async list(token?: string): Promise<TokenStateView[]> {
    if (!this.isShared()) return this.local.list(token);
    if (token !== undefined) {
      const [uses, first] = await this.client.hmget(this.key, `u:${token}`, `t:${token}`);
      return uses === null || first === null ? [] : [view(token, uses, first)];
    }
    const all = await this.client.hgetall(this.key);
    return Object.keys(all)
      .filter((field) => field.startsWith('u:'))
      .map((field) => field.slice(2))
      .map((t) => view(t, all[`u:${t}`], all[`t:${t}`]));
  }
}

/** The fields one token's state takes in the group's hash, each followed by the token. */
const STATE_FIELDS = ['f:', 'u:', 't:', 'w:', 'c:'] as const;

function toUse([uses, firstUseAt, now, limitedForMs]: [number, string | number, number, number?]): TokenUse {
  const use = { uses: Number(uses), firstUseAt: Number(firstUseAt), now: Number(now) };
  return limitedForMs === undefined ? use : { ...use, limitedForMs: Number(limitedForMs) };
}

function view(token: string, uses: string, firstUseAt: string): TokenStateView {
  return { token, uses: Number(uses), firstUseAt: new Date(Number(firstUseAt)).toISOString() };
}
