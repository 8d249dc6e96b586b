import { OUTAGE_FILE } from './outage';
import { PROXY_FILE } from './pass-on';
import { RUNTIME_FILE } from '../../scenario/state/runtime-tokens';
import type { CompiledEntry, ScenarioSet } from '../../scenario/compile/scenario-set';
import type { TokenOrigin } from './request-token';
import { NO_NEAR_MISSES } from './near-misses';
import { parseTraceparent } from './trace-context';

/**
 * How a request's token was answered: a file entry, a runtime (admin) entry, a population, the
 * fallback, the no-module "API unavailable" answer, an outage (`POST /outage`), the real service (`--proxy`), the caller-refused answer (caller
 * authentication or an optional client certificate failed), or not at all (rejected before lookup).
 */
export const MATCH_KINDS = [
  'token',
  'admin',
  'population',
  'fallback',
  'unavailable',
  'outage',
  'proxied',
  'refused',
  'rejected',
] as const;

export type MatchKind = (typeof MATCH_KINDS)[number];

/**
 * How `set` answers a token with `entry`, from the entry alone: an entry carrying a token name
 * answers only that token (lookup found it by name), so no second lookup by token is needed.
 */
export function entryKind(set: ScenarioSet, entry: CompiledEntry): Exclude<MatchKind, 'refused' | 'rejected'> {
  if (entry.source.file === RUNTIME_FILE) return 'admin';
  if (entry.token !== undefined) return 'token';
  if (entry === set.fallback) return 'fallback';
  if (entry === set.unavailable) return 'unavailable';
  if (entry.source.file === OUTAGE_FILE) return 'outage';
  if (entry.source.file.startsWith(PROXY_FILE)) return 'proxied';
  return 'population';
}

/** One protocol request as the journal and the request log see it. */
export interface JournalEntry {
  /** Position in the simulator's request sequence, from 1; survives the ring dropping older entries. */
  readonly seq: number;
  /** When the request arrived, ISO 8601. */
  readonly time: string;
  readonly method: string;
  /** null when the request was rejected before a token was read (400, 405). */
  readonly token: string | null;
  readonly origin: TokenOrigin | null;
  /** The status sent; null when the connection ended with no response (a fault, or the caller hung up). */
  readonly status: number | null;
  readonly fault: string | null;
  readonly delayMs: number;
  /** Bytes written to the connection for this response, status line and headers included. */
  readonly bytes: number;
  readonly durationMs: number;
  readonly matched: MatchKind;
  /** `file:line` of the scenario entry that answered, `(admin)` for runtime entries, null when rejected. */
  readonly entry: string | null;
  /** For a token that matched nothing: the closest known tokens, closest first. */
  readonly nearMisses: readonly string[];
  /** Why the caller was refused (`matched: 'refused'`): "wrong credentials", "no client certificate"...; never a secret. */
  readonly refused: string | null;
  /** The subject of the caller's TLS client certificate ("CN=chat, O=Acme"); null without one. */
  readonly clientCert: string | null;
  /** The instance of a group (`--redis`) that answered, `host:port`; absent when not in a group. */
  readonly instance?: string;
  /** The session whose `prefix + T` was asked for (`POST /__admin/sessions`); absent for other tokens. */
  readonly session?: string;
  /** The W3C trace the caller sent the request in (its `traceparent` header); absent without a valid one. */
  readonly traceId?: string;
  /** The caller's span (the `traceparent` parent id) that made this request. */
  readonly spanId?: string;
}

/** Which journal entries to list; every given field must match. */
export interface JournalFilter {
  readonly token?: string;
  readonly method?: string;
  readonly status?: number;
  /** Only requests that arrived at or after this instant. */
  readonly since?: Date;
  /** At most this many, newest first. */
  readonly limit?: number;
  /** Only the requests of this session. */
  readonly session?: string;
}

/**
 * A request as the recorder records it: numbers and references only. Every string a JournalEntry
 * shows (time, `file:line`, near misses) is made when someone reads the journal, so a request
 * nobody reads about never pays for formatting.
 */
export interface JournalRecord extends Omit<JournalEntry, 'time' | 'entry' | 'nearMisses' | 'traceId' | 'spanId'> {
  /** The `traceparent` header as sent, parsed only when the entry is read. */
  readonly traceparent: string | undefined;
  /** Arrival time, ms since the epoch. */
  readonly at: number;
  /** Where the answering entry was written; null when rejected. */
  readonly source: { readonly file: string; readonly line: number } | null;
  /** For a fallback answer: finds the closest known tokens when the entry is read. */
  readonly misses: ((token: string) => readonly string[]) | null;
}

/**
 * A record as an instance of a class, not an object literal. V8 follows each literal's allocation
 * site and, once nearly all of a site's objects outlive a young-generation collection, allocates
 * every later one straight in the old generation, which only a major collection frees. A class's
 * instances have no allocation site: they are always born young, and the many that die there cost
 * nothing.
 */
export class StoredRecord implements JournalRecord {
  constructor(
    public seq: number,
    public at: number,
    public method: string,
    public token: string | null,
    public origin: TokenOrigin | null,
    public status: number | null,
    public fault: string | null,
    public delayMs: number,
    public bytes: number,
    public durationMs: number,
    public matched: MatchKind,
    public source: JournalRecord['source'],
    public misses: JournalRecord['misses'],
    public refused: string | null,
    public clientCert: string | null,
    public instance: string | undefined,
    public session: string | undefined,
    public traceparent: string | undefined,
  ) {}
}

/**
 * Each entry's `file:line`, made once per entry rather than once per request: the request log
 * writes it on every line. Keyed by the entry's own source object, so a reload lets it go.
 */
const PLACES = new WeakMap<JournalRecord['source'] & object, string>();

/** `file:line` of the entry that answered, the file alone for runtime entries, null when rejected. */
export function entryPlace(r: JournalRecord): string | null {
  const source = r.source;
  if (source === null) return null;
  let place = PLACES.get(source);
  if (place === undefined) {
    place = source.line > 0 ? `${source.file}:${source.line}` : source.file;
    PLACES.set(source, place);
  }
  return place;
}

/** The closest known tokens to a fallback-answered token; none for any other answer. */
export function recordNearMisses(r: JournalRecord): readonly string[] {
  return r.misses !== null && r.token !== null ? r.misses(r.token) : NO_NEAR_MISSES;
}

/** What a request was and how it was answered, as the journal, the request log and a group's stream all give it. */
export function answeredFields(r: JournalRecord) {
  return {
    method: r.method,
    token: r.token,
    origin: r.origin,
    status: r.status,
    fault: r.fault,
    delayMs: r.delayMs,
    bytes: r.bytes,
    durationMs: Math.round(r.durationMs * 100) / 100,
    matched: r.matched,
    entry: entryPlace(r),
    nearMisses: recordNearMisses(r),
    refused: r.refused,
    clientCert: r.clientCert,
  };
}

/** The JournalEntry a record reads as. */
export function describeRecord(r: JournalRecord): JournalEntry {
  return {
    seq: r.seq,
    time: new Date(r.at).toISOString(),
    ...answeredFields(r),
    ...(r.instance === undefined ? null : { instance: r.instance }),
    ...(r.session === undefined ? null : { session: r.session }),
    ...parseTraceparent(r.traceparent),
  };
}

/** Where each of a record's numbers sits in its slot of the journal's `numbers`, NUMBERS to a slot. */
const SEQ = 0;
const AT = 1;
const STATUS = 2;
const DELAY = 3;
const BYTES = 4;
const DURATION = 5;
const NUMBERS = 6;
/** Where each of its references sits in its slot of `refs`, REFS to a slot. */
const METHOD = 0;
const TOKEN = 1;
const ORIGIN = 2;
const FAULT = 3;
const MATCHED = 4;
const SOURCE = 5;
const MISSES = 6;
const REFUSED = 7;
const CLIENT_CERT = 8;
const INSTANCE = 9;
const SESSION = 10;
const TRACEPARENT = 11;
const REFS = 12;
/** `status` in `numbers` for a connection that ended with no response. */
const NO_STATUS = -1;

/**
 * The request journal: a ring of the last `capacity` records, so a long soak never grows memory.
 * It keeps each record's fields in two flat arrays, its numbers among numbers (stored unboxed) and
 * its references among references, rather than the record itself. A kept record outlived the
 * young generation's collections: the default 1,000 are the last ~1,000 requests, and under load
 * a collection comes every ~900, so V8 copied nearly every record twice, into the survivor space
 * and then the old generation (270 of the 373 bytes a request left a collection to copy, and half
 * its pause time). Copied into its slot, a record dies young with the request; select() makes
 * records again for whoever reads. The arrays grow as the ring fills, as the records did.
 */
export class Journal {
  private readonly numbers: number[] = [];
  private readonly refs: unknown[] = [];
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`journal capacity must be a whole number from 1, got ${capacity}`);
  }

  /** How many entries it holds now (never more than its capacity). */
  get size(): number {
    return this.count;
  }

  /** Adds a record, dropping the oldest when full. */
  add(r: JournalRecord): void {
    // In slot order: while the ring fills, each store appends.
    const numbers = this.numbers;
    const n = this.next * NUMBERS;
    numbers[n + SEQ] = r.seq;
    numbers[n + AT] = r.at;
    numbers[n + STATUS] = r.status ?? NO_STATUS;
    numbers[n + DELAY] = r.delayMs;
    numbers[n + BYTES] = r.bytes;
    numbers[n + DURATION] = r.durationMs;
    const refs = this.refs;
    const k = this.next * REFS;
    refs[k + METHOD] = r.method;
    refs[k + TOKEN] = r.token;
    refs[k + ORIGIN] = r.origin;
    refs[k + FAULT] = r.fault;
    refs[k + MATCHED] = r.matched;
    refs[k + SOURCE] = r.source;
    refs[k + MISSES] = r.misses;
    refs[k + REFUSED] = r.refused;
    refs[k + CLIENT_CERT] = r.clientCert;
    refs[k + INSTANCE] = r.instance;
    refs[k + SESSION] = r.session;
    refs[k + TRACEPARENT] = r.traceparent;
    this.next = this.next + 1 === this.capacity ? 0 : this.next + 1;
    if (this.count < this.capacity) this.count += 1;
  }

  /** The entries matching `filter`, newest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    return this.select(filter).map(describeRecord);
  }

  /**
   * The records matching `filter`, newest first: compared in their slots (numbers and
   * references only), so even a full 100,000-entry ring is gone through in a few milliseconds,
   * and made into records only when they match; describing them (the dearer part) is left to the
   * reader, who can do it a slice at a time.
   */
  select(filter: JournalFilter = {}): JournalRecord[] {
    const found: JournalRecord[] = [];
    const limit = filter.limit ?? Infinity;
    const since = filter.since?.getTime();
    const method = filter.method?.toUpperCase();
    const { numbers, refs } = this;
    for (let i = 1; i <= this.count && found.length < limit; i++) {
      const slot = (this.next - i + this.capacity) % this.capacity;
      const n = slot * NUMBERS;
      const k = slot * REFS;
      if (filter.token !== undefined && refs[k + TOKEN] !== filter.token) continue;
      if (filter.session !== undefined && refs[k + SESSION] !== filter.session) continue;
      if (method !== undefined && refs[k + METHOD] !== method) continue;
      if (filter.status !== undefined && numbers[n + STATUS] !== filter.status) continue;
      if (since !== undefined && numbers[n + AT] < since) continue;
      found.push(this.recordAt(slot));
    }
    return found;
  }

  /** Forgets every entry. */
  clear(): void {
    this.numbers.length = 0;
    this.refs.length = 0;
    this.next = 0;
    this.count = 0;
  }

  /** The record kept in `slot`, made again. */
  private recordAt(slot: number): StoredRecord {
    const { numbers, refs } = this;
    const n = slot * NUMBERS;
    const k = slot * REFS;
    const status = numbers[n + STATUS];
    return new StoredRecord(
      numbers[n + SEQ],
      numbers[n + AT],
      refs[k + METHOD] as string,
      refs[k + TOKEN] as string | null,
      refs[k + ORIGIN] as TokenOrigin | null,
      status === NO_STATUS ? null : status,
      refs[k + FAULT] as string | null,
      numbers[n + DELAY],
      numbers[n + BYTES],
      numbers[n + DURATION],
      refs[k + MATCHED] as MatchKind,
      refs[k + SOURCE] as JournalRecord['source'],
      refs[k + MISSES] as JournalRecord['misses'],
      refs[k + REFUSED] as string | null,
      refs[k + CLIENT_CERT] as string | null,
      refs[k + INSTANCE] as string | undefined,
      refs[k + SESSION] as string | undefined,
      refs[k + TRACEPARENT] as string | undefined,
    );
  }
}
