import { randomSeed } from '../scenario/seeded-draw';
import { TokenStates } from '../scenario/token-state';
import { OpenFaults } from './faults/open-faults';

/** The mutable side of answering, owned by one running simulator: per-token state and held-open faults. */
export interface AnswerRuntime {
  /** Sequence positions, use counts, first-use times and random draws; `reset()` forgets them. */
  readonly states: TokenStates;
  readonly faults: OpenFaults;
}

/** A fresh runtime; without a seed one is picked at random (read it back from `states.seed` to replay). */
export function createAnswerRuntime(seed: number = randomSeed()): AnswerRuntime {
  return { states: new TokenStates(seed), faults: new OpenFaults() };
}
