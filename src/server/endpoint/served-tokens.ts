import type { RuntimeTokens } from '../../scenario/state/runtime-tokens';
import { lookupEntry, type CompiledEntry, type ScenarioSet } from '../../scenario/compile/scenario-set';

/** What the protocol handler answers from: the served set, and one lookup for a token. */
export interface TokenSource {
  readonly set: ScenarioSet;
  /** The entry answering `token`: runtime tokens, then named tokens, populations, the fallback. */
  resolve(token: string): CompiledEntry;
}

/**
 * The served set with the runtime tokens on top. With no runtime tokens the lookup is the
 * set's own, with nothing extra allocated or consulted.
 */
export function createServedTokens(holder: Pick<TokenSource, 'set'>, runtime: RuntimeTokens): TokenSource {
  return {
    get set() {
      return holder.set;
    },
    resolve(token) {
      if (runtime.size !== 0) {
        const added = runtime.get(token);
        if (added !== undefined) return added;
      }
      return lookupEntry(holder.set, token);
    },
  };
}
