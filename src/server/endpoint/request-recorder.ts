import { performance } from 'node:perf_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RuntimeTokens } from '../../scenario/state/runtime-tokens';
import type { Answer, CompiledEntry, ScenarioSet } from '../../scenario/compile/scenario-set';
import { entryKind, StoredRecord, type Journal, type JournalRecord, type MatchKind } from './journal';
import { NEAR_MISS_MAX_TOKENS, NO_NEAR_MISSES, NearMissIndex, nearMisses } from './near-misses';
import { TurnBatch } from '../../scenario/base/turn-batch';
import type { TokenOrigin } from './request-token';
import { NOT_COUNTED, writesAtOnce } from './deliver-answer';

/** Where finished requests go: the journal and the listeners (the CLI's request log, a jest onRequest, a group's shipping). */
export interface RecorderOptions {
  /** Where records go at once; in a group none: the journal is filled from the group's stream. */
  readonly journal?: Journal;
  /** Runtime tokens count as known tokens for near misses. */
  readonly runtime: RuntimeTokens;
  /** Each hears every record once completed, as it is: a listener builds only what it reads. */
  readonly onRecord: readonly ((record: JournalRecord) => void)[];
  /** The caller's client-certificate subject; given only when client certificates are asked for, so plain HTTP pays nothing. */
  readonly clientSubject?: (socket: Socket) => string | null;
}

/** What the protocol handler knows of a request when it has chosen an answer. */
export interface Lookup {
  readonly set: ScenarioSet;
  /** null for these three: rejected before a token was read. */
  readonly token: string | null;
  readonly origin: TokenOrigin | null;
  readonly entry: CompiledEntry | null;
  /** null when the real service answers (`--proxy`). */
  readonly answer: Answer | null;
  /** Why the caller was refused; absent when it was not. */
  readonly refused?: string;
  /** performance.now() at arrival, read once for the journal and the caller report. */
  readonly arrivedAt: number;
  /** The session whose `prefix + T` was asked for; undefined for any other token. */
  readonly session: { readonly id: string } | undefined;
}

/**
 * The one record of one request: built when the answer is chosen, completed when the response is
 * written (or the connection ends), then handed to the journal (which copies its fields into a slot)
 * and the listeners. The journal's fields come first (a StoredRecord, for why a class); `socket`,
 * `mark` and `startedAt` only serve the measuring.
 */
export class TrackedRecord extends StoredRecord {
  constructor(
    /** The connection whose byte counter measures this response; null once recorded. */
    public socket: Socket | null,
    /**
     * The connection's byte count when this response began to be written; -1 before it had the
     * connection; WRITER_COUNTS when the writer counts the reply's bytes (deliverAnswer).
     */
    public mark: number,
    /** performance.now() at arrival, for durationMs. */
    public startedAt: number,
    ...stored: ConstructorParameters<typeof StoredRecord>
  ) {
    super(...stored);
  }
}

/** Read once: a getter on every request costs more than the addition. */
const TIME_ORIGIN = performance.timeOrigin;
/** A record's mark before its response has the connection (queued behind a pipelined one). */
const NO_CONNECTION_YET = -1;
/** A record's mark when no count was read: deliverAnswer counts the bytes of the reply it writes at once. */
const WRITER_COUNTS = -2;
const RECORD = Symbol('auth-sim.request-record');
const RECORDER = Symbol('auth-sim.request-recorder');
type Tracked = ServerResponse & { [RECORD]?: TrackedRecord; [RECORDER]?: RequestRecorder };

/**
 * Turns protocol requests into journal records. A reply written whole at once on its own
 * connection (the common case, nothing attached to the response) is recorded at once, with the
 * bytes its writer counted (deliverAnswer). Any other is counted from the connection's own public
 * counter (`socket.bytesWritten`) from when it starts writing to when it has written all, at its
 * 'finish' (before Node hands the connection to the next pipelined response) or its 'close' (a
 * fault or a caller that hung up). The writer's count is checked once against the connection's
 * (the first reply written whole), and used only if they agree. Only created when a journal or a
 * listener wants records, so with neither the request path does no recording work at all.
 */
export class RequestRecorder {
  private readonly namedIndexes = new WeakMap<ScenarioSet, NearMissIndex>();
  private runtimeIndex: { readonly version: number; readonly index: NearMissIndex } | undefined;
  private readonly missFinders = new WeakMap<ScenarioSet, (token: string) => readonly string[]>();
  /** Responses tracked and not yet recorded, so a reader can wait for those already sent. */
  private readonly open = new Set<ServerResponse>();
  private seq = 0;
  /** Records completed in this turn, handed on at its end (handOn). */
  private readonly completed = new TurnBatch<TrackedRecord>((records) => this.handOn(records));
  /** The instance name records carry in a group (`--redis`); undefined alone. */
  instance: string | undefined;
  /** Whether the writer's counts agree with the connection's: undefined until a first reply written whole is checked. */
  private writerCounts: boolean | undefined;

  constructor(private readonly options: RecorderOptions) {}

  /** Whether replies written whole are counted by their writer: false before a first one is checked, or if it disagreed. */
  get countsFromWriter(): boolean {
    return this.writerCounts === true;
  }

  /** Starts the record of a request answered as `lookup` says; call before writing anything to `res`. */
  track(req: IncomingMessage, res: ServerResponse, lookup: Lookup): TrackedRecord {
    const socket = res.socket;
    const matched = matchKind(lookup);
    const now = lookup.arrivedAt;
    return new TrackedRecord(
      socket ?? req.socket,
      // A response queued behind a pipelined one has no connection yet: its count starts when it gets one.
      socket === null
        ? NO_CONNECTION_YET
        : this.writerCounts === true && writesAtOnce(lookup.answer)
          ? WRITER_COUNTS
          : socket.bytesWritten,
      now,
      // Numbered when it completes.
      0,
      TIME_ORIGIN + now,
      req.method ?? '',
      // A named entry's own token (long-lived, equal to the request's) rather than each request's copy of it;
      // a session's request keeps its prefix.
      lookup.session === undefined ? (lookup.entry?.token ?? lookup.token) : lookup.token,
      lookup.origin,
      // The status, bytes and duration are known when it completes (record()).
      null,
      lookup.answer?.fault?.name ?? null,
      lookup.answer?.delayMs ?? 0,
      0,
      0,
      matched,
      lookup.entry ? lookup.entry.source : null,
      matched === 'fallback' ? this.missFinder(lookup.set) : null,
      lookup.refused ?? null,
      this.options.clientSubject === undefined ? null : this.options.clientSubject(req.socket),
      this.instance,
      lookup.session?.id,
      // One header: Node joins repeated unknown headers with ", ", which no traceparent matches.
      req.headers.traceparent as string | undefined,
    );
  }

  /**
   * The answer has been handed to the response: record it now if it went out whole, else when it
   * does. `written`: the bytes its writer counted, or NOT_COUNTED.
   */
  sent(res: ServerResponse, record: TrackedRecord, written: number): void {
    if (res.writableEnded && res.socket === record.socket) {
      if (record.mark === WRITER_COUNTS && written !== NOT_COUNTED) return this.record(record, res, written);
      if (record.mark >= 0) {
        const bytes = measured(record);
        if (this.writerCounts === undefined && written !== NOT_COUNTED) this.writerCounts = written === bytes;
        return this.record(record, res, bytes);
      }
    }
    (res as Tracked)[RECORD] = record;
    (res as Tracked)[RECORDER] = this;
    this.open.add(res);
    if (record.mark === NO_CONNECTION_YET) res.once('socket', onSocket);
    res.prependOnceListener('finish', onDone);
    res.once('close', onDone);
  }

  /**
   * Resolves once every response already sent in full is recorded. A client in the same process
   * can read its answer a turn of the event loop before the server sees the response close.
   */
  async settle(maxTurns = 100): Promise<void> {
    for (let turn = 0; turn < maxTurns && this.hasSentUnrecorded(); turn++)
      await new Promise((resolve) => setImmediate(resolve));
    this.completed.flush();
  }

  private hasSentUnrecorded(): boolean {
    for (const res of this.open) if (res.writableEnded) return true;
    return false;
  }

  /** Completes a record once: its bytes, status and time, then the journal and the listener. */
  complete(record: TrackedRecord, res: ServerResponse): void {
    if (record.socket === null) return;
    this.open.delete(res);
    (res as Tracked)[RECORD] = undefined;
    this.record(record, res, measured(record));
  }

  /**
   * Fills in and hands on a record. A reply recorded at once never touches the response: a
   * property added to Node's response object changes its shape, and Node's own code reading it
   * afterwards slows down.
   */
  private record(record: TrackedRecord, res: ServerResponse, bytes: number): void {
    record.bytes = bytes;
    record.socket = null;
    record.seq = ++this.seq;
    record.status = res.headersSent ? res.statusCode : null;
    record.durationMs = performance.now() - record.startedAt;
    this.completed.add(record);
  }

  /** Hands a turn's completed records to the journal, then to each listener in turn. */
  private handOn(records: readonly TrackedRecord[]): void {
    const journal = this.options.journal;
    if (journal !== undefined) for (const record of records) journal.add(record);
    for (const listener of this.options.onRecord) for (const record of records) listener(record);
  }

  /** Near misses among a set's named tokens (and the runtime tokens when read), one finder per set. */
  private missFinder(set: ScenarioSet): (token: string) => readonly string[] {
    let find = this.missFinders.get(set);
    if (!find) {
      find = (token) => this.findMisses(set, token);
      this.missFinders.set(set, find);
    }
    return find;
  }

  /**
   * Searches prepared indexes: the set's named tokens (built once per set) and the runtime tokens
   * (rebuilt only after they change). Past NEAR_MISS_MAX_TOKENS in all, nothing is searched or copied.
   */
  private findMisses(set: ScenarioSet, token: string): readonly string[] {
    const runtime = this.options.runtime;
    const runtimeSize = runtime.size;
    if (set.entries.size + runtimeSize > NEAR_MISS_MAX_TOKENS) return NO_NEAR_MISSES;
    let named = this.namedIndexes.get(set);
    if (!named) {
      named = new NearMissIndex([...set.entries.keys()]);
      this.namedIndexes.set(set, named);
    }
    if (runtimeSize === 0) {
      // After a reset, the runtime tokens' index is let go with them.
      this.runtimeIndex = undefined;
      return nearMisses(token, [named]);
    }
    if (this.runtimeIndex?.version !== runtime.version)
      this.runtimeIndex = { version: runtime.version, index: new NearMissIndex(runtime.tokens()) };
    return nearMisses(token, [this.runtimeIndex.index, named]);
  }
}

/**
 * The connection's bytes since the record's mark. 0 without a mark: a reply the writer was to count
 * and did not (its writing failed and the connection was closed) is reported, not counted.
 */
function measured(record: TrackedRecord): number {
  return record.mark < 0 || record.socket === null ? 0 : record.socket.bytesWritten - record.mark;
}

/** Shared listeners, so tracking a request allocates no closure; `this` is the response. */
function onSocket(this: Tracked, socket: Socket): void {
  const record = this[RECORD];
  // Emitted before Node flushes the response's queued bytes onto the connection.
  if (record) {
    record.socket = socket;
    record.mark = socket.bytesWritten;
  }
}

/** At 'finish' (prepended: before Node gives the connection to the next response) or 'close'. */
function onDone(this: Tracked): void {
  const record = this[RECORD];
  if (record) this[RECORDER]!.complete(record, this);
}

/** How the request was answered. */
function matchKind(l: Lookup): MatchKind {
  if (l.refused !== undefined) return 'refused';
  if (l.entry === null || l.token === null) return 'rejected';
  return entryKind(l.set, l.entry);
}
