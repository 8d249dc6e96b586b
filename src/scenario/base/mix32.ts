/** The constants of one xorshift-multiply finaliser: three shifts and two odd multipliers. */
interface MixConstants {
  readonly s1: number;
  readonly m1: number;
  readonly s2: number;
  readonly m2: number;
  readonly s3: number;
}

/** murmur3's fmix32: seeds synthetic cards (test/synth/determinism.test.ts pins the card it makes for seed 77). */
export const MURMUR3: MixConstants = Object.freeze({ s1: 16, m1: 0x85ebca6b, s2: 13, m2: 0xc2b2ae35, s3: 16 });

/** lowbias32 (Chris Wellons' hash prospector): the draws of `chance` and random delays. */
export const LOWBIAS32: MixConstants = Object.freeze({ s1: 16, m1: 0x7feb352d, s2: 15, m2: 0x846ca68b, s3: 16 });

/**
 * The one 32-bit mixer: every input bit flips about half the output bits. It takes its constants
 * because each set is pinned by what it seeds: a run's `--seed` replays its draws, and a
 * population's `seed:` its cards, across versions too, so moving either set to the other's
 * constants would change answers a recorded seed promises.
 */
export function mix32(value: number, { s1, m1, s2, m2, s3 }: MixConstants): number {
  let x = value >>> 0;
  x = Math.imul(x ^ (x >>> s1), m1);
  x = Math.imul(x ^ (x >>> s2), m2);
  return (x ^ (x >>> s3)) >>> 0;
}
