import type { Redis } from 'ioredis';
import { TokenStates } from '../scenario/state/token-state';
import type { ScenarioClock } from '../scenario/state/scenario-clock';
import { CONNECT_TIMEOUT_MS, redisOptions } from './connect-redis';
import { askPatiently } from './ask-patiently';
import { SharedTokenStates } from './shared-token-states';
import type { RejectedValues } from './rejected-values';
import {
  isSessionId,
  readSessionEvent,
  readSessionRecord,
  readSessionRuntime,
  type SessionRecord,
  type SessionRuntimeToken,
} from './checked-session';

/** What an instance does when another one opens or ends a session, or changes one's runtime tokens. */
export interface SessionMember {
  /** Takes a session on with its runtime tokens; answers each token whose entry does not compile here, and why. */
  adopt(record: SessionRecord, runtime: readonly SessionRuntimeToken[]): [token: string, problem: string][];
  /** Whether the session is live here already. */
  knows(id: string): boolean;
  end(id: string): void;
  putRuntime(id: string, token: string, text: string, file: string): string | null;
  removeRuntime(id: string, token: string): void;
}

/** Sessions read from Redis in one round trip at most: a MULTI of a GET and an HGETALL each. */
const TAKE_ON_BATCH = 200;
/** Keys asked for per SCAN step. */
const SCAN_COUNT = 1000;

/**
 * A group's sessions in Redis: each one a key of its own that expires after its ttl unused (any
 * instance that serves it pushes the expiry on), its token state and its runtime tokens a hash
 * each beside it, expiring with it, and opens, ends and runtime tokens announced on a channel of
 * their own. An instance takes a session on with its runtime tokens from Redis, so one that joins
 * late or restarts has all of it. Kept beside RedisGroup, not in it: sessions come and go by the
 * thousand and need nothing of the group's other state.
 */
export class SharedSessions {
  private subscriber: Redis | undefined;
  private member: SessionMember | undefined;
  private readonly channel: string;
  /** Set while session lookups go unanswered: told once, and again once they are answered. */
  private lookupsFailing = false;
  /** Lookups under way, by session id. */
  private readonly lookups = new Map<string, Promise<void>>();

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly from: () => string,
    private readonly isShared: () => boolean,
    private readonly rejected: RejectedValues,
    private readonly clock: ScenarioClock,
    private readonly clockKey: string,
    private readonly notice: (level: 'warn' | 'info', message: string) => void,
  ) {
    this.channel = `${prefix}:session-events`;
  }

  /** Takes on the group's live sessions, then listens to the others' opens, ends and runtime tokens. */
  async join(member: SessionMember): Promise<void> {
    this.member = member;
    await this.takeOnGroup();
    this.subscriber = this.client.duplicate(redisOptions(false));
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        this.onEvent(message, member);
      } catch (error) {
        this.rejected.reject(this.channel, `could not be taken on: ${(error as Error).message}`);
      }
    });
    await this.subscriber.connect().catch(() => undefined);
    // Not awaited: with Redis away (--redis-optional) the subscription waits in the queue until it answers, and the start must not.
    void this.subscriber.subscribe(this.channel).catch(() => undefined);
  }

  /** The session's own token state: in Redis, this instance's own while Redis is away. */
  states(id: string, seed: number): SharedTokenStates {
    const local = new TokenStates(seed, () => this.clock.now());
    return new SharedTokenStates(this.client, this.statesKey(id), this.clockKey, local, this.isShared, this.rejected);
  }

  async open(record: SessionRecord): Promise<void> {
    if (!this.isShared()) return;
    await this.client
      .multi()
      .set(this.key(record.id), JSON.stringify(record), 'PX', record.ttlMs)
      .publish(this.channel, JSON.stringify({ from: this.from(), kind: 'open', record }))
      .exec()
      .catch(() => undefined);
  }

  async end(id: string): Promise<void> {
    if (!this.isShared()) return;
    await this.client
      .multi()
      .del(this.key(id), this.statesKey(id), this.runtimeKey(id))
      .publish(this.channel, JSON.stringify({ from: this.from(), kind: 'end', id }))
      .exec()
      .catch(() => undefined);
  }

  /** A runtime token of a session put (text) or removed (null) here: kept beside the session, expiring with it, and told to the others. */
  async change(
    id: string,
    ttlMs: number,
    token: string,
    put: { readonly text: string; readonly file: string } | null,
  ): Promise<void> {
    if (!this.isShared()) return;
    const multi = this.client.multi();
    if (put === null) multi.hdel(this.runtimeKey(id), token);
    else multi.hset(this.runtimeKey(id), token, JSON.stringify(put)).pexpire(this.runtimeKey(id), ttlMs);
    const event = put === null ? { kind: 'remove', id, token } : { kind: 'put', id, token, ...put };
    await multi
      .publish(this.channel, JSON.stringify({ from: this.from(), ...event }))
      .exec()
      .catch(() => undefined);
  }

  /** Pushes a session's expiry on: it was used here. */
  keep(id: string, ttlMs: number): void {
    if (!this.isShared()) return;
    void this.client
      .multi()
      .pexpire(this.key(id), ttlMs)
      .pexpire(this.statesKey(id), ttlMs)
      .pexpire(this.runtimeKey(id), ttlMs)
      .exec()
      .catch(() => undefined);
  }

  /**
   * Scenario time moved on by `byMs` (this instance advanced the group's clock): each session's
   * lifetime in Redis, which counts real time, is shortened by as much, and one with none left
   * ends, so a session idle past its ttl on the scenario clock ends in a group as it does alone.
   */
  async shorten(byMs: number): Promise<void> {
    if (!this.isShared() || byMs <= 0) return;
    for (const id of await this.sessionIds().catch(() => [])) {
      // -2: gone meanwhile; -1: no expiry, which only another client leaves: not ours to time.
      const left = await this.client.pttl(this.key(id)).catch(() => -2);
      if (left < 0) continue;
      if (left <= byMs) await this.end(id);
      else
        await this.client
          .multi()
          .pexpire(this.key(id), left - byMs)
          .pexpire(this.statesKey(id), left - byMs)
          .pexpire(this.runtimeKey(id), left - byMs)
          .exec()
          .catch(() => undefined);
    }
  }

  /** How long the session has left in the group (0: gone); null while Redis is away. */
  async timeLeft(id: string): Promise<number | null> {
    if (!this.isShared()) return null;
    const ms = await this.client.pttl(this.key(id)).catch(() => null);
    return ms === null ? null : Math.max(0, ms);
  }

  /**
   * Takes on session `id` another instance opened, with its runtime tokens; nothing when the group
   * has none. A Redis slow to answer is asked patiently (askPatiently: for up to 3 s), so that the
   * request asking is answered as the session's token here, as on the instance that opened it,
   * rather than as an unknown one. Past that it is answered as unknown, and told.
   */
  async takeOn(id: string): Promise<void> {
    if (!isSessionId(id)) return;
    // Requests for one session arriving together share one lookup.
    let pending = this.lookups.get(id);
    if (pending === undefined) {
      pending = this.lookUp(id).finally(() => this.lookups.delete(id));
      this.lookups.set(id, pending);
    }
    await pending;
  }

  private async lookUp(id: string): Promise<void> {
    const asked = await askPatiently(
      async () => {
        const failure = await this.takeOnAll([id]);
        if (failure !== null) throw new Error(failure);
      },
      () => this.isShared(),
    );
    if ('answer' in asked) this.lookupsAnswered();
    else if (this.isShared()) this.lookupFailed(id, asked.failure.message);
  }

  /** Takes on every session of the group not live here yet (GET /sessions lists the group's). */
  async takeOnGroup(): Promise<void> {
    if (!this.isShared() || this.member === undefined) return;
    const member = this.member;
    const ids = await this.sessionIds().catch(() => []);
    // A session missed here is looked up (patiently) when a request or the admin API names it.
    await this.takeOnAll(ids.filter((id) => !member.knows(id)));
  }

  /** Forgets every session's runtime tokens in Redis (the group's reset); the sessions stay open. */
  async clearRuntime(): Promise<void> {
    if (!this.isShared()) return;
    const ids = await this.sessionIds().catch(() => []);
    for (let i = 0; i < ids.length; i += TAKE_ON_BATCH)
      await this.client.del(...ids.slice(i, i + TAKE_ON_BATCH).map((id) => this.runtimeKey(id))).catch(() => 0);
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
  }

  /** The ids of the group's sessions: its record keys, found by SCAN (never KEYS, which blocks Redis). */
  private async sessionIds(): Promise<string[]> {
    const start = `${this.prefix}:session:`;
    const match = `${start.replace(/[*?[\]\\]/g, '\\$&')}*`;
    const ids: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.client.scan(cursor, 'MATCH', match, 'COUNT', SCAN_COUNT);
      cursor = next;
      for (const key of keys) if (isSessionId(key.slice(start.length))) ids.push(key.slice(start.length));
    } while (cursor !== '0');
    return [...new Set(ids)];
  }

  private lookupFailed(id: string, why: string): void {
    if (this.lookupsFailing) return;
    this.lookupsFailing = true;
    this.notice(
      'warn',
      `could not look up session ${id} in Redis within ${CONNECT_TIMEOUT_MS / 1000} s: ${why}; a request for a session this instance has not heard of is answered as an unknown token until Redis answers`,
    );
  }

  private lookupsAnswered(): void {
    if (!this.lookupsFailing) return;
    this.lookupsFailing = false;
    this.notice('info', 'Redis answers session lookups again');
  }

  /**
   * Reads sessions and their runtime tokens, checks every value, and hands the good ones to the
   * member. Resolves to why Redis did not answer (the batches before it taken on), or null.
   */
  private async takeOnAll(ids: readonly string[]): Promise<string | null> {
    const member = this.member;
    if (!this.isShared() || member === undefined) return null;
    for (let i = 0; i < ids.length; i += TAKE_ON_BATCH) {
      const batch = ids.slice(i, i + TAKE_ON_BATCH);
      const multi = this.client.multi();
      for (const id of batch) multi.get(this.key(id)).hgetall(this.runtimeKey(id));
      const replies = await multi.exec().catch((error: Error) => error.message);
      if (typeof replies === 'string') return replies;
      if (replies === null) return 'the transaction was not run';
      batch.forEach((id, n) => {
        const [[, json], [, hash]] = [replies[2 * n], replies[2 * n + 1]];
        if (typeof json === 'string') this.adopt(member, id, json, (hash ?? {}) as Record<string, string>);
      });
    }
    return null;
  }

  private adopt(member: SessionMember, id: string, json: string, hash: Record<string, string>): void {
    const record = readSessionRecord(json);
    if (typeof record === 'string') return this.rejected.reject(this.key(id), record);
    if (record.id !== id) return this.rejected.reject(this.key(id), `id ${JSON.stringify(record.id)} is not ${id}`);
    if (member.knows(id)) return;
    const runtime = readSessionRuntime(hash);
    const refused = member.adopt(record, runtime.tokens);
    for (const [token, problem] of [...runtime.problems, ...refused])
      this.rejected.reject(`${this.runtimeKey(id)} token ${JSON.stringify(token)}`, problem);
  }

  private onEvent(message: string, member: SessionMember): void {
    const event = readSessionEvent(message);
    if (typeof event === 'string') return this.rejected.reject(this.channel, event);
    if (event.from === this.from()) return;
    if (event.kind === 'open') member.adopt(event.record, []);
    else if (event.kind === 'end') member.end(event.id);
    else if (event.kind === 'put') {
      const problem = member.putRuntime(event.id, event.token, event.text, event.file);
      if (problem !== null)
        this.rejected.reject(`${this.channel} session ${event.id} token ${JSON.stringify(event.token)}`, problem);
    } else member.removeRuntime(event.id, event.token);
  }

  private key(id: string): string {
    return `${this.prefix}:session:${id}`;
  }

  private statesKey(id: string): string {
    return `${this.prefix}:session:${id}:states`;
  }

  private runtimeKey(id: string): string {
    return `${this.prefix}:session:${id}:runtime`;
  }
}
