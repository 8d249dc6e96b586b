import { distance } from 'fastest-levenshtein';

/** Above this many named tokens, an unknown token gets no near misses: the search would cost more than it helps. */
export const NEAR_MISS_MAX_TOKENS = 5000;

/** How many near misses an entry names at most. */
export const NEAR_MISS_LIMIT = 3;

const NONE: readonly string[] = Object.freeze([]);

/**
 * The known tokens closest to `token` by edit distance, closest first (ties in the order given),
 * each within max(2, a third of its length). Only named tokens are searched, never populations;
 * lengths too far apart are skipped before any distance is computed.
 */
export function nearMisses(token: string, known: readonly string[], limit = NEAR_MISS_LIMIT): readonly string[] {
  if (known.length === 0 || known.length > NEAR_MISS_MAX_TOKENS) return NONE;
  const best: { candidate: string; d: number }[] = [];
  for (const candidate of known) {
    const allowed = Math.max(2, Math.floor(candidate.length / 3));
    if (Math.abs(candidate.length - token.length) > allowed) continue;
    const d = distance(token, candidate);
    if (d > allowed || d === 0) continue;
    best.push({ candidate, d });
  }
  if (best.length === 0) return NONE;
  best.sort((a, b) => a.d - b.d);
  return best.slice(0, limit).map((b) => b.candidate);
}
