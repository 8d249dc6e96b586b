import { distance } from 'fastest-levenshtein';

/** Above this many known tokens, an unknown token gets no near misses: even building the index would cost more than it helps. */
export const NEAR_MISS_MAX_TOKENS = 5000;

/**
 * Tokens longer than this are neither searched for nor suggested: an edit distance costs the
 * product of two lengths, and a typo in a JWT-sized token is better found by eye than by distance
 * (a banded distance was considered; it still grows with the length, and this stays flat).
 */
const NEAR_MISS_MAX_LENGTH = 256;

/** How many near misses an entry names at most. */
const NEAR_MISS_LIMIT = 3;

/** Up to this many known tokens, every one is compared (the exact answer costs little). */
const SCAN_ALL_MAX = 16;

/** Neighbours taken on each side of the unknown token in each sorted order. */
const WINDOW = 4;

/** No near misses: one shared empty list. */
export const NO_NEAR_MISSES: readonly string[] = Object.freeze([]);

/**
 * The known tokens an unknown one is compared with, prepared once per set of known tokens so a
 * search costs the same small amount whatever their number: a typo keeps either the beginning or
 * the end of the token it was meant to be, so the candidates are the WINDOW neighbours on each side
 * of it among the tokens sorted as written and sorted read backwards (at most 4 x WINDOW = 16 distances
 * and two binary searches). A BK-tree was considered; its radius here grows with token length
 * (a third of it), where it visits most of the tree. Small sets are simply scanned whole.
 */
export class NearMissIndex {
  /** Known tokens in the order given (ties are reported in this order). */
  private readonly tokens: readonly string[];
  private readonly forward: readonly number[];
  private readonly backward: readonly number[];
  private readonly reversed: readonly string[];

  constructor(tokens: readonly string[]) {
    this.tokens = tokens.length > NEAR_MISS_MAX_TOKENS ? [] : tokens.filter((t) => t.length <= NEAR_MISS_MAX_LENGTH);
    const all = this.tokens.map((_, i) => i);
    this.reversed = this.tokens.map(reverse);
    const small = this.tokens.length <= SCAN_ALL_MAX;
    this.forward = small ? all : [...all].sort((a, b) => compare(this.tokens[a], this.tokens[b]));
    this.backward = small ? [] : [...all].sort((a, b) => compare(this.reversed[a], this.reversed[b]));
  }

  /** The known tokens close to `token` (see nearMisses), each with its position and distance. */
  search(token: string): { token: string; index: number; d: number }[] {
    const found: { token: string; index: number; d: number }[] = [];
    if (token.length > NEAR_MISS_MAX_LENGTH) return found;
    for (const index of this.candidates(token)) {
      const candidate = this.tokens[index];
      const allowed = Math.max(2, Math.floor(candidate.length / 3));
      if (Math.abs(candidate.length - token.length) > allowed) continue;
      const d = distance(token, candidate);
      if (d > allowed || d === 0) continue;
      found.push({ token: candidate, index, d });
    }
    return found;
  }

  private candidates(token: string): Iterable<number> {
    if (this.tokens.length <= SCAN_ALL_MAX) return this.forward;
    const picked = new Set<number>();
    neighbours(this.forward, this.tokens, token, picked);
    neighbours(this.backward, this.reversed, reverse(token), picked);
    return picked;
  }
}

/** Adds to `picked` the WINDOW entries of `order` on each side of where `key` would sort. */
function neighbours(order: readonly number[], keys: readonly string[], key: string, picked: Set<number>): void {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(keys[order[mid]], key) < 0) lo = mid + 1;
    else hi = mid;
  }
  for (let i = Math.max(0, lo - WINDOW); i < Math.min(order.length, lo + WINDOW); i++) picked.add(order[i]);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function reverse(text: string): string {
  return [...text].reverse().join('');
}

/**
 * The known tokens closest to `token` by edit distance, closest first (ties in the order the
 * indexes are given, then the order within each), each within max(2, a third of its length).
 * Only named tokens are searched, never populations.
 */
export function nearMisses(token: string, indexes: readonly NearMissIndex[]): readonly string[] {
  const best = indexes.flatMap((index, which) => index.search(token).map((hit) => ({ which, ...hit })));
  if (best.length === 0) return NO_NEAR_MISSES;
  best.sort((a, b) => a.d - b.d || a.which - b.which || a.index - b.index);
  return best.slice(0, NEAR_MISS_LIMIT).map((b) => b.token);
}
