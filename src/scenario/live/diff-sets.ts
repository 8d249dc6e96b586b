import type { CompiledEntry, ScenarioSet, TokenPopulation } from '../compile/scenario-set';

/** What a reload changed, by token name; sorted, so log lines and tests are stable. */
export interface SetChanges {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
  readonly fallbackChanged: boolean;
  /** Populations (`generate:`) that came or went, as `qa-corp-{n} (2,000)`: thousands of tokens no name lists. */
  readonly populationsAdded: readonly string[];
  readonly populationsRemoved: readonly string[];
}

/** Entries compared between two yields of diffInSlices: a fingerprint is a hash of the whole entry. */
const DIFF_SLICE = 2000;

/**
 * Compares two sets by entry fingerprint (with no previous set, every token counts as added),
 * yielding after every DIFF_SLICE entries so a 300,000-token reload answers requests between slices.
 */
export function* diffInSlices(previous: ScenarioSet | undefined, next: ScenarioSet): Generator<void, SetChanges> {
  const before = previous?.entries ?? new Map<string, CompiledEntry>();
  const added: string[] = [];
  const changed: string[] = [];
  let seen = 0;
  for (const [token, entry] of next.entries) {
    const old = before.get(token);
    if (!old) added.push(token);
    else if (!sameEntry(old, entry)) changed.push(token);
    if (++seen % DIFF_SLICE === 0) yield;
  }
  const removed: string[] = [];
  for (const token of before.keys()) {
    if (!next.entries.has(token)) removed.push(token);
    if (++seen % DIFF_SLICE === 0) yield;
  }
  const fallbackChanged = previous !== undefined && !sameEntry(previous.fallback, next.fallback);
  const label = (p: TokenPopulation) => `${p.description.split(', n = ')[0]} (${p.size.toLocaleString('en-US')})`;
  const was = new Set((previous?.populations ?? []).map(label));
  const now = new Set(next.populations.map(label));
  return {
    added: added.sort(),
    removed: removed.sort(),
    changed: changed.sort(),
    fallbackChanged,
    populationsAdded: [...now].filter((p) => !was.has(p)).sort(),
    populationsRemoved: [...was].filter((p) => !now.has(p)).sort(),
  };
}

/** Same fingerprint means same answers; an entry without one is compared by identity. */
function sameEntry(a: CompiledEntry, b: CompiledEntry): boolean {
  if (a.fingerprint !== undefined && b.fingerprint !== undefined) return a.fingerprint === b.fingerprint;
  return a === b;
}
