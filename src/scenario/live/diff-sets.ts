import type { CompiledEntry, ScenarioSet } from '../compile/scenario-set';

/** What a reload changed, by token name; sorted, so log lines and tests are stable. */
export interface SetChanges {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
  readonly fallbackChanged: boolean;
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
  return { added: added.sort(), removed: removed.sort(), changed: changed.sort(), fallbackChanged };
}

/** Same fingerprint means same answers; an entry without one is compared by identity. */
function sameEntry(a: CompiledEntry, b: CompiledEntry): boolean {
  if (a.fingerprint !== undefined && b.fingerprint !== undefined) return a.fingerprint === b.fingerprint;
  return a === b;
}
