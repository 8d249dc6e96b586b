import { nodeCrypto } from '../base/crypto-library';
import type { CompiledEntry, ScenarioSet } from './scenario-set';

/**
 * What a scenario set serves, entry by entry: each named token's fingerprint, and the fallback's,
 * the unavailable answer's and each population's under a name no token has (`(fallback)`...).
 * Two instances serve alike exactly when their listings are equal.
 */
export interface SetListing {
  readonly entries: ReadonlyMap<string, string>;
  /** A hash of the whole listing: equal digests, equal listings. */
  readonly digest: string;
}

/** Entries fingerprinted between two yields: a 300,000-token set answers requests between slices. */
const LISTING_SLICE = 2000;

/** Lists a set (see SetListing), yielding after every LISTING_SLICE entries (run it with inSlices). */
export function* listSet(set: ScenarioSet): Generator<void, SetListing> {
  const entries = new Map<string, string>();
  let seen = 0;
  for (const [token, entry] of set.entries) {
    entries.set(token, fingerprintOf(entry));
    if (++seen % LISTING_SLICE === 0) yield;
  }
  entries.set('(fallback)', fingerprintOf(set.fallback));
  if (set.unavailable) entries.set('(unavailable)', fingerprintOf(set.unavailable));
  for (const population of set.populations) entries.set(`(generate ${population.description})`, '');
  const hash = nodeCrypto().createHash('sha1');
  for (const name of [...entries.keys()].sort()) hash.update(name).update('\0').update(entries.get(name)!).update('\0');
  return { entries, digest: hash.digest('base64url').slice(0, 12) };
}

/** An entry's fingerprint; one without (built in) is named by where it is written. */
function fingerprintOf(entry: CompiledEntry): string {
  return entry.fingerprint ?? `${entry.source.file}:${entry.source.line}`;
}
