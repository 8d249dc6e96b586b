import type { Expectation } from './read-expectations';
import type { FaultName } from '../schema/fault-names';
import type { Problem, SourceRef } from '../base/problem';
import type { CallerCheck } from '../../caller-auth/caller-guard';

/** A ready HTTP answer: status, headers and body bytes, built once at load. */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | number>>;
  /**
   * The same headers as Node's writeHead takes them fastest: a flat [name, value, ...] list of
   * strings. Given an object, writeHead walks it with for-in and hasOwnProperty, and a number
   * (content-length) is turned into a string at every request; bare node:http servers hand it
   * this list.
   */
  readonly headerList: readonly string[];
  /** null: the status alone, no body at all (`body: none`). */
  readonly body: Buffer | null;
}

/** A misbehaviour to act out, prepared at load (see src/server/faults/). */
export interface CompiledFault {
  readonly name: FaultName;
  /** hang: how long before the connection is closed; drip: how long the body takes. */
  readonly ms: number;
  /** drip: the body's slices, sent one by one. */
  readonly chunks: readonly Buffer[];
}

/** What one request gets from an entry: a reply, after a delay, or a fault acted out. */
export interface Answer {
  readonly reply: Reply;
  readonly delayMs: number;
  /** Absent for an honest answer; for reply-only faults (malformed, html...) `reply` already holds the bytes. */
  readonly fault?: CompiledFault;
}

/** One request's place in its token's history: which use it is, when the first was, and now, on one clock. */
export interface TokenUse {
  /** Requests answered so far, this one included. */
  readonly uses: number;
  /** Epoch milliseconds of the first request. */
  readonly firstUseAt: number;
  /** Epoch milliseconds of this request, on the same clock as `firstUseAt`. */
  readonly now: number;
  /**
   * Set when the request is over its rate limit: how long until the window it fell in ends
   * (milliseconds). Such a request is not counted as a use (`uses` is the count before it).
   */
  readonly limitedForMs?: number;
}

/** A token's rate limit (`rateLimit:`): at most `requests` in each window of `perMs`, on scenario time. */
export interface RateLimitRule {
  readonly requests: number;
  readonly perMs: number;
}

/**
 * The per-token memory an entry with a sequence, expiry or randomness reads (state/token-state.ts
 * keeps it in this process; a shared store keeps it in Redis and answers with a promise).
 */
export interface TokenMemory {
  /** The seed every random draw derives from, with the token and its use number. */
  readonly seed: number;
  /**
   * Counts one request for `token`, starting afresh if its entry (`fingerprint`) changed since;
   * with `limit`, first counts it in the token's window and answers `limitedForMs` beyond it.
   */
  touch(token: string, fingerprint: string, limit?: RateLimitRule): TokenUse | Promise<TokenUse>;
}

/** A token memory that can also tell, without counting it, the use a request arriving now would get. */
export interface PeekableTokenMemory extends TokenMemory {
  /** What touch() would return now, changing nothing: the admin view's "what the token gets now". */
  peek(token: string, fingerprint: string): TokenUse | Promise<TokenUse>;
}

/** Per-request inputs an entry may use to pick its answer. */
export interface AnswerContext {
  readonly token: string;
  /** Per-token state for sequences, expiry and chance; without it every request counts as a token's first. */
  readonly states?: TokenMemory;
}

/** A caller check with the answer a refused caller gets unless the scenarios write `callerAuthFailed:`. */
export interface CallerGuard extends CallerCheck {
  readonly refusal: CompiledEntry;
}

/** One token's compiled behaviour, and where it was written. */
export interface CompiledEntry {
  readonly source: SourceRef;
  /**
   * The one token this entry answers by name (under `tokens:`, or a runtime token); absent for
   * entries shared by many tokens (the fallback, populations, the unavailable answer). The
   * journal keeps this long-lived copy rather than each request's own (see RequestRecorder).
   */
  readonly token?: string;
  /** A hash of what the entry serves (its merged data and wire options), so a reload can tell what changed. */
  readonly fingerprint?: string;
  /**
   * The entry as written, its file's `defaults:` merged in (the object it was compiled from, kept
   * anyway): what the admin view shows and the dashboard's editor starts from. Absent for entries
   * made by rule (population members).
   */
  readonly data?: Readonly<Record<string, unknown>>;
  /**
   * Picks the answer for one request; static entries return the same frozen Answer every time.
   * Only a stateful entry asking a shared memory returns a promise; without `states`, never.
   */
  readonly answer: (context: AnswerContext) => Answer | Promise<Answer>;
}

/** Tokens answered by rule rather than by name (synthetic populations). */
export interface TokenPopulation {
  readonly description: string;
  readonly size: number;
  match(token: string): CompiledEntry | undefined;
}

/** The immutable, fully compiled scenario set the server answers from; a reload replaces it whole. */
export interface ScenarioSet {
  readonly entries: ReadonlyMap<string, CompiledEntry>;
  readonly populations: readonly TokenPopulation[];
  readonly fallback: CompiledEntry;
  /** Set when none of the four modules is installed: every request gets this answer (reference, "What the service does"). */
  readonly unavailable?: CompiledEntry;
  /** Files' caller checks (`defaults.callerAuth`) by file name; null when no file has one, so the request path skips them. */
  readonly callerGuards: ReadonlyMap<string, CallerGuard> | null;
  /** The answer to a refused caller when a file writes `callerAuthFailed:`; else each guard's built-in 401. */
  readonly callerAuthFailed: CompiledEntry | null;
  /** Every `expect:` written, token by token and for the run, for the caller report's verdict. */
  readonly expectations: readonly Expectation[];
  readonly files: readonly string[];
  readonly warnings: readonly Problem[];
  readonly loadedAt: Date;
}

/** The entry answering `token`: the API-unavailable answer if no module is installed, else named tokens first, then populations, then the fallback. */
export function lookupEntry(set: ScenarioSet, token: string): CompiledEntry {
  if (set.unavailable) return set.unavailable;
  const named = set.entries.get(token);
  if (named) return named;
  for (const population of set.populations) {
    const entry = population.match(token);
    if (entry) return entry;
  }
  return set.fallback;
}

/** How many tokens the set answers by name or rule. */
export function tokenCount(set: ScenarioSet): number {
  return set.populations.reduce((n, p) => n + p.size, set.entries.size);
}
