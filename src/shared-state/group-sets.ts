import type { Redis } from 'ioredis';
import type { SetListing } from '../scenario/compile/set-listing';
import type { GroupEvent } from './checked-event';

/** How often an instance tells the group its set again: a crashed instance is forgotten STALE_MS after it fell silent. */
const ANNOUNCE_MS = 5000;
const STALE_MS = 3 * ANNOUNCE_MS;
/** A listing in Redis outlives the last instance serving it by this much (each announcement renews it). */
const LISTING_TTL_MS = 12 * ANNOUNCE_MS;
/** Listing fields written per HSET, and read per HSCAN step: Redis never blocks on a big set. */
const LISTING_CHUNK = 1000;
/** How long two sets must differ before it is told: replicas watching one folder reload a moment apart. */
const GRACE_MS = 2000;
/** Token names a warning shows of the entries that differ. */
const SHOWN_NAMES = 3;

/** What GroupSets needs of its group: Redis, where to publish, who this instance is, and how to tell. */
export interface GroupSetsContext {
  readonly client: Redis;
  readonly prefix: string;
  readonly events: string;
  readonly instance: () => string;
  readonly shared: () => boolean;
  readonly notice: (level: 'warn' | 'info', message: string) => void;
  /** Forgets the token state of definitions no instance of the group serves any more. */
  readonly forget: (fingerprints: ReadonlySet<string>) => Promise<unknown>;
}

/**
 * Which scenario set each instance of the group serves. Every instance tells its set's digest on
 * joining, after each reload and every ANNOUNCE_MS, and keeps its listing in Redis
 * (`<prefix>:set:<digest>`, a hash of entry to fingerprint) so another can count how many entries
 * differ. Token state is kept per definition, so differing sets never reset each other's state;
 * they still answer differently, which is told once per pair of sets (warn) and in health, and
 * told again when the group agrees (info). Once it agrees, the state of the definitions this
 * instance dropped in a reload is forgotten, so a reload back starts those tokens afresh.
 */
export class GroupSets {
  private own: SetListing | undefined;
  private readonly others = new Map<string, { digest: string; heardAt: number }>();
  /** Per other instance serving another set: the pair of digests, since when, and whether it was warned of. */
  private readonly differing = new Map<string, { pair: string; since: number; warned: boolean }>();
  private readonly dropped = new Set<string>();
  private differed = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly context: GroupSetsContext) {
    this.timer = setInterval(() => void this.renew(), ANNOUNCE_MS).unref();
  }

  /** Serves `listing` from now on: writes it to Redis (once per digest) and tells the group. */
  async serve(listing: SetListing): Promise<void> {
    const before = this.own;
    this.own = listing;
    if (before !== undefined) for (const fp of before.entries.values()) this.dropped.add(fp);
    for (const fp of listing.entries.values()) this.dropped.delete(fp);
    this.dropped.delete('');
    await this.announce();
    await this.compare();
  }

  /** Tells the group this instance's set again (after Redis came back, perhaps empty). */
  async announce(): Promise<void> {
    const own = this.own;
    if (own === undefined || !this.context.shared()) return;
    await this.writeListing(own).catch(() => undefined);
    await this.publish({ from: this.context.instance(), kind: 'set', digest: own.digest });
  }

  /** Another instance told its set's digest; a newcomer is told this one's at once. */
  async heard(from: string, digest: string): Promise<void> {
    const known = this.others.get(from);
    this.others.set(from, { digest, heardAt: Date.now() });
    if (known === undefined) await this.announce();
    if (known?.digest !== digest) await this.compare();
  }

  /** Another instance left the group. */
  async left(from: string): Promise<void> {
    this.others.delete(from);
    this.differing.delete(from);
    await this.compare();
  }

  /** What `GET /__admin/health` shows: whether the sets differ, and each instance's digest. */
  health(): object {
    const sets: Record<string, string> = {};
    if (this.own) sets[this.context.instance()] = this.own.digest;
    for (const [instance, { digest }] of this.others) sets[instance] = digest;
    return { scenarioSetsDiffer: this.differed, scenarioSets: sets };
  }

  /** Stops announcing and tells the group this instance is gone. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    if (this.context.shared()) await this.publish({ from: this.context.instance(), kind: 'leave' });
  }

  /** Every ANNOUNCE_MS: tells the set again (renewing its listing) and forgets instances fallen silent. */
  private async renew(): Promise<void> {
    const silent = [...this.others].filter(([, o]) => Date.now() - o.heardAt > STALE_MS).map(([i]) => i);
    for (const instance of silent) await this.left(instance);
    await this.announce();
  }

  /**
   * Warns of each other set that has differed for GRACE_MS and was not yet warned of, and tells
   * when the group agrees again; the grace lets replicas watching the same files reload one
   * after the other without a warning.
   */
  private async compare(): Promise<void> {
    const own = this.own;
    if (own === undefined) return;
    const now = Date.now();
    let differs = false;
    for (const [instance, { digest }] of this.others) {
      const pair = `${digest}/${own.digest}`;
      const seen = this.differing.get(instance);
      if (digest === own.digest) this.differing.delete(instance);
      else if (seen?.pair !== pair) {
        this.differing.set(instance, { pair, since: now, warned: false });
        setTimeout(() => void this.compare(), GRACE_MS + 50).unref();
      } else if (now - seen.since >= GRACE_MS) {
        differs = true;
        if (seen.warned) continue;
        seen.warned = true;
        this.context.notice('warn', await this.difference(instance, digest, own));
      }
    }
    if (this.differed && !differs && this.differing.size === 0)
      this.context.notice('info', `scenario sets agree again: every instance of the group serves ${own.digest}`);
    this.differed = differs;
    if (this.differing.size === 0 && this.dropped.size > 0 && this.context.shared()) {
      const gone = new Set(this.dropped);
      this.dropped.clear();
      await this.context.forget(gone).catch(() => undefined);
    }
  }

  /** The warning for another instance's set: how many entries differ, and the first few by name. */
  private async difference(instance: string, digest: string, own: SetListing): Promise<string> {
    const theirs = await this.readListing(digest).catch(() => null);
    const head = `scenario sets differ: ${instance} serves ${digest}, this instance (${this.context.instance()}) ${own.digest}`;
    const tail =
      'each keeps its own token state, but they answer differently and judge the caller by different expectations; give every instance the same scenario files';
    if (theirs === null) return `${head}; ${tail}`;
    const names = [...new Set([...own.entries.keys(), ...theirs.keys()])]
      .filter((name) => own.entries.get(name) !== theirs.get(name))
      .sort();
    const shown = names.slice(0, SHOWN_NAMES).map((n) => JSON.stringify(n));
    const more = names.length > SHOWN_NAMES ? `, ${names.length - SHOWN_NAMES} more` : '';
    const count = `${names.length} ${names.length === 1 ? 'entry differs' : 'entries differ'}`;
    return `${head}: ${count} (${shown.join(', ')}${more}); ${tail}`;
  }

  /** Writes a listing under its digest unless one is there; written aside and renamed, so no reader sees half. */
  private async writeListing(listing: SetListing): Promise<void> {
    const key = this.listingKey(listing.digest);
    if ((await this.context.client.pexpire(key, LISTING_TTL_MS)) === 1) return;
    const aside = `${key}:${this.context.instance()}`;
    const pairs = [...listing.entries];
    await this.context.client.del(aside);
    for (let i = 0; i < pairs.length; i += LISTING_CHUNK)
      await this.context.client.hset(aside, Object.fromEntries(pairs.slice(i, i + LISTING_CHUNK)));
    await this.context.client.multi().rename(aside, key).pexpire(key, LISTING_TTL_MS).exec();
  }

  /** Another set's listing as Redis holds it; null when it holds none (expired, or never written). */
  private async readListing(digest: string): Promise<Map<string, string> | null> {
    const entries = new Map<string, string>();
    const stream = this.context.client.hscanStream(this.listingKey(digest), { count: LISTING_CHUNK });
    for await (const page of stream) {
      const pairs = page as string[];
      for (let i = 0; i < pairs.length; i += 2) entries.set(pairs[i], pairs[i + 1]);
    }
    return entries.size === 0 ? null : entries;
  }

  private listingKey(digest: string): string {
    return `${this.context.prefix}:set:${digest}`;
  }

  private async publish(event: GroupEvent): Promise<void> {
    await this.context.client.publish(this.context.events, JSON.stringify(event)).catch(() => undefined);
  }
}
