import type { Randomizer } from '@faker-js/faker';

import { MURMUR3, mix32 } from '../scenario/base/mix32';

const fmix32 = (value: number): number => mix32(value, MURMUR3);

/**
 * The 32-bit seed of card `n` in a population seeded `seed`: a function of the two numbers only,
 * so a card never depends on which tokens were asked for before it.
 */
export function mixSeed(seed: number, n: number): number {
  return fmix32(fmix32(seed ^ 0x9e3779b9) ^ Math.imul(n >>> 0, 0x27d4eb2d) ^ Math.floor(n / 0x1_0000_0000));
}

/**
 * A faker Randomizer on mulberry32. Why not faker's default Mersenne Twister: re-seeding it costs
 * ~33 µs (it fills a 624-word state), more than the whole budget of a card; this costs nothing.
 */
export function createCardRandomizer(): Randomizer {
  let state = 0;
  return {
    next(): number {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
    seed(seed: number | number[]): void {
      const parts = Array.isArray(seed) ? seed : [seed];
      state = parts.reduce((acc: number, part) => fmix32(acc ^ (part >>> 0)), 0) | 0;
    },
  };
}

/**
 * The same generator as a plain function of a seed, for anything else that needs a repeatable
 * stream (the test fuzzers, the bench's token picks): one implementation of mulberry32.
 */
export function seededRandom(seed: number): () => number {
  const randomizer = createCardRandomizer();
  randomizer.seed(seed);
  return () => randomizer.next();
}
