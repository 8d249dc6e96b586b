import type * as CryptoModule from 'node:crypto';

/**
 * `node:crypto`, loaded on first use. Loading it takes ~6.5 ms here (some twenty of Node's internal
 * modules), and a start of named tokens needs none of it: an entry is hashed only when its
 * fingerprint is first asked for (a population's when it is compiled), a set when it is listed, a
 * session id when one is made and an admin token when it is checked. The 1-token start went from 224.1 to 219.6 ms (medians of 21
 * interleaved starts).
 */
export function nodeCrypto(): typeof CryptoModule {
  // Kept after the first call: a require() per call costs a module-cache lookup.
  return (loaded ??= require('node:crypto') as typeof CryptoModule);
}

let loaded: typeof CryptoModule | undefined;
