import { LOWBIAS32, mix32 } from './mix32';

/**
 * Reproducible randomness without a shared stream: the k-th draw for a token is a pure function
 * of (seed, token, k), so a run replays request by request however requests for different
 * tokens interleave.
 */

/** A 32-bit FNV-1a hash of a token's UTF-16 code units; computed once per token state. */
function hashToken(token: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1): draw number `k` for the token hashed to `tokenHash` under `seed`. */
function drawUnit(seed: number, tokenHash: number, k: number): number {
  return mix32(mix32(seed ^ tokenHash, LOWBIAS32) + Math.imul(k + 1, 0x9e3779b9), LOWBIAS32) / 4294967296;
}

/**
 * The random numbers of one request: its j-th draw is a function of (seed, token, use number, j),
 * so a request's draws need no count kept between requests (a shared memory keeps only the uses).
 */
export function useDraws(seed: number, token: string, use: number): () => number {
  const base = (hashToken(token) ^ Math.imul(use, 0x85ebca6b)) >>> 0;
  let k = 0;
  return () => drawUnit(seed, base, k++);
}

/** A seed for runs started without one; shown at startup so the run can be replayed. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}
