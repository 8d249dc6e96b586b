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

/** Compares two sets by entry fingerprint; with no previous set, every token counts as added. */
export function diffSets(previous: ScenarioSet | undefined, next: ScenarioSet): SetChanges {
  const before = previous?.entries ?? new Map<string, CompiledEntry>();
  const added: string[] = [];
  const changed: string[] = [];
  for (const [token, entry] of next.entries) {
    const old = before.get(token);
    if (!old) added.push(token);
    else if (!sameEntry(old, entry)) changed.push(token);
  }
  const removed = [...before.keys()].filter((token) => !next.entries.has(token));
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
