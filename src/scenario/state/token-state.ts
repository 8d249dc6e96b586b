import type { PeekableTokenMemory, RateLimitRule, TokenUse } from '../compile/scenario-set';

/** A read-only view of one token's state, for the admin API and tests. */
export interface TokenStateView {
  readonly token: string;
  readonly uses: number;
  readonly firstUseAt: string;
}

/**
 * Where per-token state lives: this process (TokenStates) or a store shared by a group of
 * simulators (shared-state/). The request path only touches; the admin API lists and resets.
 */
export interface TokenStateStore extends PeekableTokenMemory {
  /** Forgets one token's state, or every token's when none is named; resolves to how many were forgotten. */
  reset(token?: string): Promise<number>;
  /**
   * The state of one token, or of every token with state, for display; with `fingerprint`, only
   * the state of that definition of the token (a group keeps one per definition).
   */
  list(token?: string, fingerprint?: string): Promise<TokenStateView[]>;
}

/** Tokens whose state is kept at most; beyond this the oldest are forgotten (random fallback tokens). */
const TOKEN_STATE_LIMIT = 100_000;

interface LocalState {
  uses: number;
  readonly firstUseAt: number;
  readonly fingerprint: string;
  /** The rate limit's window: when it began, and the requests counted in it. */
  windowAt: number;
  windowCount: number;
}

/**
 * Per-token mutable state for sequences, expiry and chance, owned by one running simulator and
 * kept apart from the immutable compiled entries. Only entries that need state ever touch it.
 */
export class TokenStates implements TokenStateStore {
  private readonly states = new Map<string, LocalState>();

  constructor(
    /** The seed every random draw derives from; the same seed replays a run. */
    readonly seed: number,
    private readonly clock: () => number = Date.now,
    private readonly limit = TOKEN_STATE_LIMIT,
  ) {}

  /** Counts one request for `token`, fresh if the entry changed since; synchronous. */
  touch(token: string, fingerprint: string, limit?: RateLimitRule): TokenUse {
    const now = this.clock();
    let state = this.states.get(token);
    if (state === undefined || state.fingerprint !== fingerprint) {
      state = { uses: 0, firstUseAt: now, fingerprint, windowAt: now, windowCount: 0 };
      if (this.states.size >= this.limit) this.states.delete(this.states.keys().next().value as string);
      this.states.set(token, state);
    }
    if (limit !== undefined) {
      const limitedForMs = countInWindow(state, now, limit);
      if (limitedForMs > 0) return { uses: state.uses, firstUseAt: state.firstUseAt, now, limitedForMs };
    }
    state.uses += 1;
    return { uses: state.uses, firstUseAt: state.firstUseAt, now };
  }

  peek(token: string, fingerprint: string): TokenUse {
    const now = this.clock();
    const state = this.states.get(token);
    if (state === undefined || state.fingerprint !== fingerprint) return { uses: 1, firstUseAt: now, now };
    return { uses: state.uses + 1, firstUseAt: state.firstUseAt, now };
  }

  /** How many tokens have state now. */
  get size(): number {
    return this.states.size;
  }

  async reset(token?: string): Promise<number> {
    return this.resetNow(token);
  }

  /** reset(), synchronously (this process's state only). */
  resetNow(token?: string): number {
    if (token !== undefined) return this.states.delete(token) ? 1 : 0;
    const count = this.states.size;
    this.states.clear();
    return count;
  }

  async list(token?: string): Promise<TokenStateView[]> {
    const pick =
      token === undefined
        ? [...this.states]
        : this.states.has(token)
          ? [[token, this.states.get(token)!] as const]
          : [];
    return pick.map(([t, s]) => ({ token: t, uses: s.uses, firstUseAt: new Date(s.firstUseAt).toISOString() }));
  }
}

/**
 * Counts a request in its token's fixed window (a new one starts `perMs` after the last began,
 * or when the clock went back past it); resolves to how long the window has left when the
 * request is beyond `requests`, else 0. SharedTokenStates' script does the same in Redis.
 */
function countInWindow(state: LocalState, now: number, limit: RateLimitRule): number {
  if (now - state.windowAt >= limit.perMs || now < state.windowAt) {
    state.windowAt = now;
    state.windowCount = 0;
  }
  state.windowCount += 1;
  return state.windowCount > limit.requests ? state.windowAt + limit.perMs - now : 0;
}
