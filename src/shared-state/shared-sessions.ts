import type { Redis } from 'ioredis';
import { TokenStates } from '../scenario/state/token-state';
import type { ScenarioClock } from '../scenario/state/scenario-clock';
import { redisOptions } from './connect-redis';
import { aCount, aString, checkFields, isRecord, listOf, nullable, oneOf, parseJson } from './checked-fields';
import { SharedTokenStates } from './shared-token-states';
import type { RejectedValues } from './rejected-values';

/** A session as the group keeps it: what one instance opened and every other takes on. */
export interface SessionRecord {
  readonly id: string;
  readonly prefix: string;
  readonly tokens: readonly string[] | null;
  readonly ttlMs: number;
  readonly createdAt: number;
}

/** What an instance does when another one opens or ends a session, or changes one's runtime tokens. */
export interface SessionMember {
  adopt(record: SessionRecord): void;
  end(id: string): void;
  putRuntime(id: string, token: string, text: string, file: string): string | null;
  removeRuntime(id: string, token: string): void;
}

const RECORD_SPEC = {
  id: aString,
  prefix: aString,
  tokens: nullable(listOf(aString)),
  ttlMs: aCount,
  createdAt: aCount,
};
const EVENT_KINDS = ['open', 'end', 'put', 'remove'] as const;
const EVENT_SPECS = {
  open: { from: aString, record: { what: 'a session', test: (v: unknown): v is object => isRecord(v) } },
  end: { from: aString, id: aString },
  put: { from: aString, id: aString, token: aString, text: aString, file: aString },
  remove: { from: aString, id: aString, token: aString },
} as const;
const kindCheck = oneOf(EVENT_KINDS);

/**
 * A group's sessions in Redis: each one a key of its own that expires after its ttl unused (any
 * instance that serves it pushes the expiry on), its token state a hash of its own, and opens,
 * ends and runtime tokens announced on a channel of their own. Kept beside RedisGroup, not in
 * it: sessions come and go by the thousand and need nothing of the group's other state.
 */
export class SharedSessions {
  private subscriber: Redis | undefined;
  private readonly channel: string;

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly from: () => string,
    private readonly isShared: () => boolean,
    private readonly rejected: RejectedValues,
    private readonly clock: ScenarioClock,
    private readonly clockKey: string,
  ) {
    this.channel = `${prefix}:session-events`;
  }

  /** Listens to the others' opens, ends and runtime tokens. */
  async join(member: SessionMember): Promise<void> {
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
      .del(this.key(id), this.statesKey(id))
      .publish(this.channel, JSON.stringify({ from: this.from(), kind: 'end', id }))
      .exec()
      .catch(() => undefined);
  }

  /** A runtime token of a session put (text) or removed (null) here, told to the others. */
  async change(id: string, token: string, put: { readonly text: string; readonly file: string } | null): Promise<void> {
    if (!this.isShared()) return;
    const event = put === null ? { kind: 'remove', id, token } : { kind: 'put', id, token, ...put };
    await this.client.publish(this.channel, JSON.stringify({ from: this.from(), ...event })).catch(() => undefined);
  }

  /** Pushes a session's expiry on: it was used here. */
  keep(id: string, ttlMs: number): void {
    if (!this.isShared()) return;
    void this.client
      .multi()
      .pexpire(this.key(id), ttlMs)
      .pexpire(this.statesKey(id), ttlMs)
      .exec()
      .catch(() => undefined);
  }

  /** How long the session has left in the group (0: gone); null while Redis is away. */
  async timeLeft(id: string): Promise<number | null> {
    if (!this.isShared()) return null;
    const ms = await this.client.pttl(this.key(id)).catch(() => null);
    return ms === null ? null : Math.max(0, ms);
  }

  /** A session another instance opened, read from Redis and checked; null when there is none (or it is not one). */
  async find(id: string): Promise<SessionRecord | null> {
    if (!this.isShared()) return null;
    const json = await this.client.get(this.key(id)).catch(() => null);
    if (json === null) return null;
    const record = readRecord(json);
    if (typeof record === 'string') {
      this.rejected.reject(this.key(id), record);
      return null;
    }
    return record;
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
  }

  private onEvent(message: string, member: SessionMember): void {
    const parsed = parseJson(message);
    if ('problem' in parsed) return this.rejected.reject(this.channel, parsed.problem);
    const value = parsed.value;
    if (!isRecord(value) || !kindCheck.test(value.kind))
      return this.rejected.reject(this.channel, 'not a session event');
    const event = checkFields(value, EVENT_SPECS[value.kind]);
    if (typeof event === 'string') return this.rejected.reject(this.channel, event);
    if (event.from === this.from()) return;
    if (value.kind === 'open') {
      const record = checkRecord((event as { record: unknown }).record);
      if (typeof record === 'string') return this.rejected.reject(this.channel, record);
      member.adopt(record);
    } else if (value.kind === 'end') member.end((event as { id: string }).id);
    else if (value.kind === 'put') {
      const { id, token, text, file } = event as { id: string; token: string; text: string; file: string };
      const problem = member.putRuntime(id, token, text, file);
      if (problem !== null)
        this.rejected.reject(`${this.channel} session ${id} token ${JSON.stringify(token)}`, problem);
    } else {
      const { id, token } = event as { id: string; token: string };
      member.removeRuntime(id, token);
    }
  }

  private key(id: string): string {
    return `${this.prefix}:session:${id}`;
  }

  private statesKey(id: string): string {
    return `${this.prefix}:session:${id}:states`;
  }
}

function readRecord(json: string): SessionRecord | string {
  const parsed = parseJson(json);
  return 'problem' in parsed ? parsed.problem : checkRecord(parsed.value);
}

/** A session record checked: its fields, and a prefix that is the one its id makes. */
function checkRecord(value: unknown): SessionRecord | string {
  const record = checkFields(value, RECORD_SPEC);
  if (typeof record === 'string') return record;
  if (record.prefix !== `ses-${record.id}-` || !/^[a-z0-9]+$/.test(record.id))
    return `prefix ${JSON.stringify(record.prefix)} is not the one session ${JSON.stringify(record.id)} has`;
  return record;
}
