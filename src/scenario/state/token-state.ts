import { drawUnit, hashToken } from '../base/seeded-draw';
import type { TokenMemory, TokenState } from '../compile/scenario-set';

/** A read-only view of one token's state, for the admin API and tests. */
export interface TokenStateView {
  readonly token: string;
  readonly uses: number;
  readonly firstUseAt: string;
}

/** Tokens whose state is kept at most; beyond this the oldest are forgotten (random fallback tokens). */
const TOKEN_STATE_LIMIT = 100_000;

/**
 * Per-token mutable state for sequences, expiry and chance, owned by one running simulator and
 * kept apart from the immutable compiled entries. Only entries that need state ever touch it.
 */
export class TokenStates implements TokenMemory {
  private readonly states = new Map<string, TokenState>();

  constructor(
    /** The seed every random draw derives from; the same seed replays a run. */
    readonly seed: number,
    private readonly clock: () => number = Date.now,
    private readonly limit = TOKEN_STATE_LIMIT,
  ) {}

  /** Counts one request for `token` and returns its state, fresh if the entry changed since. */
  touch(token: string, fingerprint: string): TokenState {
    let state = this.states.get(token);
    if (state === undefined || state.fingerprint !== fingerprint) {
      state = { uses: 0, firstUseAt: this.clock(), draws: 0, tokenHash: hashToken(token), fingerprint };
      if (this.states.size >= this.limit) this.states.delete(this.states.keys().next().value as string);
      this.states.set(token, state);
    }
    state.uses += 1;
    return state;
  }

  /** The next random number in [0, 1) for this token: a function of (seed, token, draw number). */
  draw(state: TokenState): number {
    const k = state.draws;
    state.draws += 1;
    return drawUnit(this.seed, state.tokenHash, k);
  }

  /** Milliseconds now, on this store's clock. */
  now(): number {
    return this.clock();
  }

  /** Forgets one token's state, or every token's when none is named; returns how many were forgotten. */
  reset(token?: string): number {
    if (token !== undefined) return this.states.delete(token) ? 1 : 0;
    const count = this.states.size;
    this.states.clear();
    return count;
  }

  /** The state of one token, or of every token with state, for display. */
  list(token?: string): TokenStateView[] {
    const pick =
      token === undefined
        ? [...this.states]
        : this.states.has(token)
          ? [[token, this.states.get(token)!] as const]
          : [];
    return pick.map(([t, s]) => ({ token: t, uses: s.uses, firstUseAt: new Date(s.firstUseAt).toISOString() }));
  }
}
