import type { Redis } from 'ioredis';
import type { RateLimitRule, TokenUse } from '../scenario/compile/scenario-set';
import type { TokenStateStore, TokenStateView, TokenStates } from '../scenario/state/token-state';
import { readScriptUse, readStoredState } from './checked-use';
import { PEEK_SCRIPT, TOUCH_SCRIPT } from './token-state-scripts';
import type { RejectedValues } from './rejected-values';
import { tellJunk } from './stream-junk';
import { deleteFields, readStateField, stateField } from './state-fields';

type Script = (
  key: string,
  clockKey: string,
  token: string,
  fingerprint: string,
  requests?: number,
  perMs?: number,
) => Promise<unknown>;
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
    // Defined once per connection: every session of a group has a store of its own on the same one.
    if (typeof (client as unknown as { authSimTouch?: unknown }).authSimTouch !== 'function') {
      client.defineCommand('authSimTouch', { numberOfKeys: 2, lua: TOUCH_SCRIPT });
      client.defineCommand('authSimPeek', { numberOfKeys: 2, lua: PEEK_SCRIPT });
    }
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
    return touched.then(
      (reply) => this.checked(token, reply) ?? this.local.touch(token, fingerprint, limit),
      () => this.local.touch(token, fingerprint, limit),
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
    if (token !== undefined) return (await deleteFields(this.client, this.key, (f) => f.token === token)) > 0 ? 1 : 0;
    const [[, fields]] = (await this.client.multi().hkeys(this.key).del(this.key).exec()) as [[unknown, string[]]];
    return new Set(fields.map(readStateField).flatMap((f) => (f?.kind === 'u' ? [f.token] : []))).size;
  }

  /** With `fingerprint`, the state of that definition of the token only (the one this instance serves). */
  async list(token?: string, fingerprint?: string): Promise<TokenStateView[]> {
    if (!this.isShared()) return this.local.list(token);
    if (token !== undefined && fingerprint !== undefined) {
      const [uses, first] = await this.client.hmget(
        this.key,
        stateField('u', fingerprint, token),
        stateField('t', fingerprint, token),
      );
      return uses === null && first === null ? [] : this.view(token, uses, first);
    }
    const all = await this.client.hgetall(this.key);
    return Object.keys(all).flatMap((name) => {
      const field = readStateField(name);
      if (field?.kind !== 'u' || (token !== undefined && field.token !== token)) return [];
      return this.view(field.token, all[name], all[stateField('t', field.fingerprint, field.token)] ?? null);
    });
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
    if (read.clockJunk !== null) tellJunk(this.rejected, read.clockJunk);
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
