import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { TokenStates } from '../scenario/state/token-state';
import type { ClockShare, ScenarioClock } from '../scenario/state/scenario-clock';
import { connectRedis, redisOptions } from './connect-redis';
import { askPatiently } from './ask-patiently';
import { shownUrl } from './redis-url';
import { SharedTokenStates } from './shared-token-states';
import { GroupStreams, type StreamEncoding, type StreamMember } from './group-streams';
import { readGroupEvent, readRuntimeValue, type GroupEvent } from './checked-event';
import { RejectedValues } from './rejected-values';
import { SharedSessions } from './shared-sessions';
import { GroupSets } from './group-sets';
import { deleteFields } from './state-fields';
import { advanceClock, defineClockScripts, readClock, type ClockReading } from './group-clock';
import { tellJunk } from './stream-junk';

/** Where a group of simulators meets: a Redis URL and a prefix every key and channel starts with. */
export interface GroupOptions {
  readonly url: string;
  /** Default `auth-sim`; groups with different prefixes on one Redis never see each other. */
  readonly prefix?: string;
  /** Start on local state (with a warning) when Redis cannot be reached, and join once it can. */
  readonly optional?: boolean;
  readonly seed: number;
  /** This instance's scenario clock: the group's offset is kept in Redis and announced to it. */
  readonly clock: ScenarioClock;
  /** Journal entries kept here; the group's streams keep max(this, MIN_STREAM_CAP) requests each. */
  readonly journalSize: number;
  /** How this instance's journal entries and exchanges go into the group's streams. */
  readonly encoding: StreamEncoding;
  /** Told when Redis is lost, back, or back empty, and of values in it that cannot be used; an 'info' ends a 'warn' told before. */
  readonly notice: (level: 'warn' | 'info', message: string) => void;
}

/**
 * What an instance does when another one of its group changes something. What comes from Redis
 * is checked by the member before it is taken on: each method answers what is wrong, or null.
 */
export interface GroupMember extends StreamMember {
  putRuntime(token: string, text: string, file: string): string | null;
  removeRuntime(token: string): void;
  /** Back to the files here: runtime tokens, outage, local state (the shared state is already gone). */
  resetLocal(): void;
}

const DEFAULT_REDIS_PREFIX = 'auth-sim';

/** How often writing the streams is tried again after Redis refused or was away. */
const FLUSH_MS = 50;
/** How often it is tried again in the background once the join has stopped waiting. */
const SYNC_BACKGROUND_MS = 1000;

/**
 * The instances that name one Redis and one prefix, seen from one of them: shared token state,
 * runtime tokens (kept in a hash, announced on a channel), reset, and the journal and caller
 * report (GroupStreams: streams every instance writes and reads, its own entries included).
 */
export class RedisGroup {
  readonly states: SharedTokenStates;
  /** The journal and the caller report: one stream of each, read alike by every instance. */
  readonly streams: GroupStreams;
  /** Values read from Redis that could not be used: skipped, counted and told. */
  readonly rejected: RejectedValues;
  /** The URL as logs and health show it: the password masked. */
  readonly shownUrl: string;
  /** Set once the server listens: host name and port. */
  instance = '';
  /** The group's clock: what this instance's ScenarioClock shares through once joined. */
  readonly clockShare: ClockShare;
  /** The group's sessions: opened on one instance, used and reported on any. */
  readonly sessions: SharedSessions;
  /** Which scenario set each instance serves: told, compared and shown in health. */
  readonly sets: GroupSets;
  private readonly keys: Record<'states' | 'runtime' | 'alive' | 'events' | 'clock', string>;
  private readonly runtimeTexts = new Map<string, { text: string; file: string }>();
  private member: GroupMember | undefined;
  private open = true;
  private wasShared: boolean;
  private subscriber: Redis | undefined;
  private reader: Redis | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  /** Tries sync() again while Redis is connected but has not answered it (see syncPatiently). */
  private syncRetry: NodeJS.Timeout | undefined;
  /** The group's mark in Redis when last seen; another one means Redis came back empty. */
  private mark: string | undefined;
  /** The run the mark stands for, made once per mark. */
  private markRun: { readonly mark: string; readonly run: string } | undefined;

  constructor(
    private readonly client: Redis,
    private readonly url: URL,
    readonly prefix: string,
    private readonly options: GroupOptions,
  ) {
    this.keys = {
      states: `${prefix}:states`,
      runtime: `${prefix}:runtime`,
      alive: `${prefix}:alive`,
      events: `${prefix}:events`,
      clock: `${prefix}:clock`,
    };
    const local = new TokenStates(options.seed, () => options.clock.now());
    this.shownUrl = shownUrl(url);
    this.rejected = new RejectedValues((line) => options.notice('warn', line));
    this.streams = new GroupStreams(client, prefix, options.journalSize, this.rejected, options.encoding);
    this.states = new SharedTokenStates(
      client,
      this.keys.states,
      this.keys.clock,
      local,
      () => this.shared,
      this.rejected,
    );
    defineClockScripts(client);
    this.clockShare = {
      advance: async (byMs) => {
        if (!this.shared) return null;
        const own = this.options.clock.offsetMs;
        const offset = this.clockRead(await advanceClock(client, this.keys, byMs, this.instance, own));
        if (offset !== null) await this.sessions.shorten(byMs);
        return offset;
      },
      reset: async () => {
        const event: GroupEvent = { from: this.instance, kind: 'clock', offsetMs: 0 };
        return this.write((m) => m.del(this.keys.clock), event);
      },
    };
    this.wasShared = this.shared;
    this.sessions = new SharedSessions(
      client,
      prefix,
      () => this.instance,
      () => this.shared,
      this.rejected,
      options.clock,
      this.keys.clock,
      options.notice,
    );
    this.sets = new GroupSets({
      client,
      prefix,
      events: this.keys.events,
      instance: () => this.instance,
      shared: () => this.shared,
      notice: options.notice,
      forget: (fingerprints) => deleteFields(client, this.keys.states, (f) => fingerprints.has(f.fingerprint)),
    });
  }

  /** Whether state is shared right now (false while Redis is away). */
  get shared(): boolean {
    return this.client.status === 'ready';
  }

  /**
   * The group's run, which the event stream puts in its ids: one for every instance, so a reader a
   * load balancer moves to another instance resumes where it was (the group numbers requests alike
   * everywhere), and another once Redis comes back empty (the numbers start again). A digest of the
   * group's mark, never the mark as read: the key holds whatever another client left there.
   * Undefined until the group is joined.
   */
  get run(): string | undefined {
    const mark = this.mark;
    if (mark === undefined) return undefined;
    if (this.markRun?.mark !== mark)
      this.markRun = { mark, run: `group-${createHash('sha256').update(mark).digest('hex').slice(0, 32)}` };
    return this.markRun.run;
  }

  /** Starts listening to the group: runtime tokens, reset, the others' journal and exchanges. */
  async join(instance: string, member: GroupMember): Promise<void> {
    this.instance = instance;
    this.member = member;
    this.client.on('close', () => this.lost());
    this.client.on('ready', () => void this.back());
    this.subscriber = this.client.duplicate(redisOptions(false));
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        this.onEvent(message);
      } catch (error) {
        // Checked as it is, a message must still never throw into ioredis's reader (and end the process).
        this.rejected.reject(this.keys.events, `could not be taken on: ${(error as Error).message}`);
      }
    });
    this.reader = this.client.duplicate(redisOptions(false));
    this.reader.on('error', () => undefined);
    await Promise.all([this.subscriber.connect(), this.reader.connect()]).catch(() => undefined);
    void this.subscriber.subscribe(this.keys.events).catch(() => undefined);
    if (this.shared) await this.syncPatiently();
    await this.streams.join(instance, this.reader, member, () => this.open);
    this.flushTimer = setInterval(() => void this.streams.flush(), FLUSH_MS).unref();
  }

  /** Resolves once this instance's own requests are back from the group's streams (at most a second). */
  async settle(): Promise<void> {
    await this.streams.settle(() => this.open);
  }

  /** A runtime token this instance put: kept in Redis and announced. */
  async sharePut(token: string, text: string, file: string): Promise<void> {
    this.runtimeTexts.set(token, { text, file });
    const event: GroupEvent = { from: this.instance, kind: 'put', token, text, file };
    await this.write((m) => m.hset(this.keys.runtime, token, JSON.stringify({ text, file })), event);
  }

  async shareRemove(token: string): Promise<void> {
    this.runtimeTexts.delete(token);
    await this.write((m) => m.hdel(this.keys.runtime, token), { from: this.instance, kind: 'remove', token });
  }

  /**
   * Clears the group's runtime tokens and tells the others to reset too; the journal and the
   * report are reset by a marker in their streams, so every instance drops the same entries.
   * False while Redis is away: the caller resets its own journal and report then.
   */
  async shareReset(): Promise<boolean> {
    this.runtimeTexts.clear();
    this.streams.clear();
    if (!this.shared) return false;
    const marked = await this.streams.markReset();
    const { runtime, clock } = this.keys;
    await this.sessions.clearRuntime();
    await this.write((m) => m.del(runtime, clock), { from: this.instance, kind: 'reset' });
    return marked;
  }

  /** What `GET /__admin/health` shows of the store. */
  health(): object {
    return {
      kind: 'redis',
      url: shownUrl(this.url),
      prefix: this.prefix,
      instance: this.instance,
      state: this.shared ? 'shared' : 'local',
      ...this.streams.health(),
      rejected: this.rejected.count,
      lastRejected: this.rejected.last,
      ...this.sets.health(),
    };
  }

  async close(): Promise<void> {
    this.open = false;
    clearInterval(this.flushTimer);
    clearTimeout(this.syncRetry);
    await this.sets.close();
    await this.streams.flush();
    await this.sessions.close();
    for (const connection of [this.reader, this.subscriber, this.client]) connection?.disconnect();
  }

  /** Makes a change in Redis and announces it; false when Redis could not be told. */
  private async write(change: (m: ReturnType<Redis['multi']>) => unknown, event: GroupEvent): Promise<boolean> {
    if (!this.shared) return false;
    const multi = this.client.multi();
    change(multi);
    multi.publish(this.keys.events, JSON.stringify(event));
    return multi.exec().then(
      () => true,
      (error: Error) => {
        this.options.notice('warn', `could not tell the group through Redis: ${error.message}`);
        return false;
      },
    );
  }

  /** One message of the events channel: checked, and skipped (counted) when it is not an event of the group's. */
  private onEvent(message: string): void {
    const event = readGroupEvent(message);
    if (typeof event === 'string') return this.rejected.reject(this.keys.events, event);
    if (event.from === this.instance || this.member === undefined) return;
    if (event.kind === 'put') this.adoptRuntime(this.keys.events, event.token, event);
    else if (event.kind === 'remove') {
      this.runtimeTexts.delete(event.token);
      this.member.removeRuntime(event.token);
    } else if (event.kind === 'clock') {
      this.options.clock.adopt(event.offsetMs);
    } else if (event.kind === 'set') void this.sets.heard(event.from, event.digest);
    else if (event.kind === 'leave') void this.sets.left(event.from);
    else if (event.kind === 'reset') {
      this.runtimeTexts.clear();
      this.states.local.resetNow();
      this.member.resetLocal();
    }
  }

  /** Takes on a runtime token another instance put, unless its entry does not compile here. */
  private adoptRuntime(where: string, token: string, value: { text: string; file: string }): void {
    const problem = this.member?.putRuntime(token, value.text, value.file) ?? null;
    if (problem !== null) return this.rejected.reject(`${where} token ${JSON.stringify(token)}`, problem);
    this.runtimeTexts.set(token, { text: value.text, file: value.file });
  }

  /**
   * Writes this instance's runtime tokens Redis lacks, then takes on the ones it has. Resolves to
   * whether Redis lost the group's data since this instance last saw it: the group's mark (set by
   * whichever instance comes first) is not the one remembered.
   */
  private async sync(): Promise<boolean> {
    await this.client.set(this.keys.alive, `${Date.now()}-${Math.random()}`, 'NX');
    const mark = await this.client.get(this.keys.alive);
    const empty = this.mark !== undefined && mark !== this.mark;
    this.mark = mark ?? undefined;
    for (const [token, entry] of this.runtimeTexts)
      await this.client.hsetnx(this.keys.runtime, token, JSON.stringify(entry));
    await this.syncClock();
    const stored = await this.client.hgetall(this.keys.runtime);
    for (const [token, json] of Object.entries(stored)) {
      const value = readRuntimeValue(json);
      if (typeof value === 'string') this.rejected.reject(`${this.keys.runtime} token ${JSON.stringify(token)}`, value);
      else if (this.runtimeTexts.get(token)?.text !== value.text) this.adoptRuntime(this.keys.runtime, token, value);
    }
    return empty;
  }

  /**
   * sync(), asked patiently (askPatiently: for up to 3 s), then every second in the background,
   * told once. Resolves to sync()'s answer, or null when Redis went away (its return syncs again)
   * or the wait ran out.
   */
  private async syncPatiently(): Promise<boolean | null> {
    const asked = await askPatiently(
      () => this.sync(),
      () => this.shared && this.open,
    );
    if ('answer' in asked) return asked.answer;
    if (this.shared && this.open) this.syncInBackground(asked.failure.message);
    return null;
  }

  /** Tries sync() every second until it is answered, Redis goes away or the group closes. */
  private syncInBackground(why: string): void {
    if (this.syncRetry !== undefined) return;
    const url = shownUrl(this.url);
    this.options.notice(
      'warn',
      `could not take on the group's runtime tokens and clock from Redis at ${url}: ${why}; trying again every second`,
    );
    const retry = () => {
      if (!this.shared || !this.open) return void (this.syncRetry = undefined);
      this.sync().then(
        async (empty) => {
          this.syncRetry = undefined;
          if (empty) await this.streams.restore().catch(() => undefined);
          this.options.notice('info', `took on the group's runtime tokens and clock from Redis at ${url}`);
        },
        () => (this.syncRetry = setTimeout(retry, SYNC_BACKGROUND_MS).unref()),
      );
    };
    this.syncRetry = setTimeout(retry, SYNC_BACKGROUND_MS).unref();
  }

  /** Takes on the group's clock offset; when Redis holds none (it came back empty) or junk, this instance's is written back. */
  private async syncClock(): Promise<void> {
    const offset = this.clockRead(await readClock(this.client, this.keys.clock, this.options.clock.offsetMs));
    if (offset !== null) this.options.clock.adopt(offset);
  }

  /** A clock script's offset (null for none, or no answer), the junk it replaced told. */
  private clockRead(reading: ClockReading | null): number | null {
    if (reading?.junk) tellJunk(this.rejected, reading.junk);
    return reading?.offsetMs ?? null;
  }

  private lost(): void {
    if (!this.wasShared || !this.open) return;
    this.wasShared = false;
    this.options.notice(
      'warn',
      `lost Redis at ${shownUrl(this.url)}: stateful tokens answer from this instance's own state until it is back (reconnecting)`,
    );
  }

  private async back(): Promise<void> {
    if (this.wasShared || !this.open) return;
    this.wasShared = true;
    const empty = (await this.syncPatiently()) === true;
    // Back empty: the report's start is written back, then what waited goes out.
    if (empty) await this.streams.restore();
    void this.streams.flush();
    void this.sets.announce();
    this.options.notice(
      'info',
      empty
        ? `Redis at ${shownUrl(this.url)} is back, empty: token states start afresh; this instance's runtime tokens were written back`
        : `Redis at ${shownUrl(this.url)} is back: state is shared again`,
    );
  }
}

/** Connects (or, optional, goes on without) and returns the group, not yet joined. */
export async function openRedisGroup(options: GroupOptions): Promise<{ group: RedisGroup; failed: string | null }> {
  const { client, url, failed } = await connectRedis(options.url, options.optional === true);
  return { group: new RedisGroup(client, url, options.prefix ?? DEFAULT_REDIS_PREFIX, options), failed };
}
