import { nodeCrypto } from '../../scenario/base/crypto-library';
import type { TokenStateStore } from '../../scenario/state/token-state';
import type { RuntimeTokens } from '../../scenario/state/runtime-tokens';
import { Session, type SessionInfo } from './session';

/** How long a session may go unused before it ends, unless told otherwise (`--session-ttl`). */
const DEFAULT_SESSION_TTL_MS = 10 * 60_000;
/** Sessions alive at once at most, unless told otherwise (`--max-sessions`). */
export const DEFAULT_MAX_SESSIONS = 1000;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 10;
/**
 * Every prefix is `ses-` + id + `-`: one length, so the request path finds a session with one
 * slice and one Map lookup, and only lowercase letters, digits and `-`, which pass any token
 * check a chat server makes.
 */
const PREFIX_LENGTH = 'ses-'.length + ID_LENGTH + 1;
const DASH = 45;

/** What the registry needs from the simulator around it. */
export interface SessionsOptions {
  readonly maxSessions?: number;
  readonly defaultTtlMs?: number;
  /** A session's own token state (this process's, or the group's in Redis). */
  readonly makeStates: (id: string) => TokenStateStore;
  /** An empty set of runtime tokens for a session, with the simulator's load options and limits. */
  readonly makeRuntime: (info: SessionInfo) => RuntimeTokens;
  readonly now?: () => number;
  /** A group's sessions (`--redis`): told of opens and ends, asked for sessions another instance opened. */
  readonly share?: SessionShare;
}

/** Where a group keeps its sessions (shared-state/shared-sessions.ts), as the registry uses it. */
interface SessionShare {
  open(info: SessionInfo): Promise<void>;
  end(id: string): Promise<void>;
  /** The session was used here: its expiry in the group moves on. */
  keep(id: string, ttlMs: number): void;
  /** How long it has left in the group (0: gone); null when the group cannot be asked. */
  timeLeft(id: string): Promise<number | null>;
  /** Takes on (adopt()s, with its runtime tokens) a session another instance opened, if the group has it. */
  takeOn(id: string): Promise<void>;
  /** Takes on every session of the group not live here yet. */
  takeOnGroup(): Promise<void>;
}

/**
 * The live sessions of one simulator, by id and by prefix. Each ends when deleted or after its
 * idle time-out: one timer per session, re-armed for what is left when it fires early, so a
 * request only writes a number.
 */
export class Sessions {
  readonly maxSessions: number;
  readonly defaultTtlMs: number;
  private readonly byPrefix = new Map<string, Session>();
  private readonly byId = new Map<string, Session>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly now: () => number;
  /** Told of each exchange folded into a session's report. */
  onRecorded: (session: Session, token: string) => void = () => undefined;

  constructor(private readonly options: SessionsOptions) {
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.defaultTtlMs = options.defaultTtlMs ?? DEFAULT_SESSION_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** How many sessions are alive: the request path looks for a prefix only when there is one. */
  get size(): number {
    return this.byId.size;
  }

  /** Whether a token could be a session's: there are sessions here, or a group's could be looked up. */
  get mayMatch(): boolean {
    return this.byId.size !== 0 || this.options.share !== undefined;
  }

  /** The session whose prefix `token` starts with (and goes on past); undefined for any other token. */
  match(token: string): Session | undefined {
    if (token.length <= PREFIX_LENGTH || token.charCodeAt(PREFIX_LENGTH - 1) !== DASH) return undefined;
    return this.byPrefix.get(token.slice(0, PREFIX_LENGTH));
  }

  /**
   * In a group, a token shaped like `prefix + T` whose session is not known here: the session
   * another instance opened, looked up in Redis once and taken on (its announcement may not have
   * arrived yet); undefined when there is nothing to look up.
   */
  matchLater(token: string): Promise<Session | undefined> | undefined {
    if (this.options.share === undefined || token.length <= PREFIX_LENGTH || !token.startsWith('ses-'))
      return undefined;
    if (token.charCodeAt(PREFIX_LENGTH - 1) !== DASH || this.match(token) !== undefined) return undefined;
    return this.lookup(token.slice(4, PREFIX_LENGTH - 1));
  }

  get(id: string): Session | undefined {
    return this.byId.get(id);
  }

  /** The session `id`, here or (in a group) opened by another instance. */
  async lookup(id: string): Promise<Session | undefined> {
    const known = this.byId.get(id);
    if (known !== undefined || this.options.share === undefined) return known;
    await this.options.share.takeOn(id);
    return this.byId.get(id);
  }

  /** The sessions live here. */
  list(): Session[] {
    return [...this.byId.values()];
  }

  /** The live sessions of the whole group (those another instance opened taken on first), or of this simulator alone. */
  async listGroup(): Promise<Session[]> {
    await this.options.share?.takeOnGroup();
    return this.list();
  }

  /** A new session, or null when `maxSessions` are alive already. */
  open(tokens: readonly string[] | null, ttlMs = this.defaultTtlMs): Session | null {
    if (this.byId.size >= this.maxSessions) return null;
    let id = newId();
    while (this.byId.has(id)) id = newId();
    const session = this.adopt({ id, prefix: `ses-${id}-`, tokens, ttlMs, createdAt: this.now() });
    void this.options.share?.open({ id, prefix: session.prefix, tokens, ttlMs, createdAt: session.createdAt });
    return session;
  }

  /** Takes a session on as it is (one another instance of the group opened); the one already here if known. */
  adopt(info: SessionInfo): Session {
    const known = this.byId.get(info.id);
    if (known !== undefined) return known;
    const session = new Session(
      info,
      this.options.makeStates(info.id),
      () => this.options.makeRuntime(info),
      (s, token) => this.onRecorded(s, token),
    );
    this.byId.set(info.id, session);
    this.byPrefix.set(info.prefix, session);
    this.arm(session, info.ttlMs);
    return session;
  }

  /** Marks a session used now: its idle time-out starts again. */
  touch(session: Session): void {
    const now = this.now();
    session.lastUsedAt = now;
    // In a group, the expiry in Redis moves on at most four times a ttl, not at every request.
    if (this.options.share !== undefined && now - session.keptAt >= session.ttlMs / 4) {
      session.keptAt = now;
      this.options.share.keep(session.id, session.ttlMs);
    }
  }

  /** Ends a session and lets go of everything it held; undefined if there is none by that id. */
  end(id: string): Session | undefined {
    const session = this.forget(id);
    if (session !== undefined) void this.options.share?.end(id);
    return session;
  }

  /** end() without telling `onChange`: a session another instance ended. */
  forget(id: string): Session | undefined {
    const session = this.byId.get(id);
    if (session === undefined) return undefined;
    this.byId.delete(id);
    this.byPrefix.delete(session.prefix);
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    void session.states.reset().catch(() => undefined);
    return session;
  }

  /** Lets go of every session here, telling no one (the simulator closes; the group keeps them). */
  forgetAll(): void {
    for (const id of [...this.byId.keys()]) this.forget(id);
  }

  /**
   * Looks at every session again now, on the scenario clock that has just moved: one idle for its
   * ttl ends (in a group, when Redis's expiry, shortened by the same advance, says so), the rest
   * wait for what is left of it.
   */
  recheck(): void {
    const now = this.now();
    for (const session of this.byId.values()) {
      // Used while the clock was further on (then set back): used now, not in the future, or its idle time would count from there.
      if (session.lastUsedAt > now) session.lastUsedAt = now;
      clearTimeout(this.timers.get(session.id));
      this.expireOrArm(session);
    }
  }

  private arm(session: Session, ms: number): void {
    const timer = setTimeout(() => this.expireOrArm(session), ms);
    timer.unref();
    this.timers.set(session.id, timer);
  }

  /** Ends a session idle for its ttl (on the scenario clock), else waits for the rest of it. */
  private expireOrArm(session: Session): void {
    const idle = this.now() - session.lastUsedAt;
    if (idle < session.ttlMs) return this.arm(session, session.ttlMs - idle);
    const share = this.options.share;
    if (share === undefined) return void this.end(session.id);
    // Unused here, but another instance of the group may be using it: Redis's expiry decides.
    void share.timeLeft(session.id).then((left) => {
      if (this.byId.get(session.id) !== session) return;
      if (left === null || left === 0) this.end(session.id);
      else this.arm(session, left);
    });
  }
}

function newId(): string {
  const bytes = nodeCrypto().randomBytes(ID_LENGTH);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}
