import type { Problem, SourceRef } from './problem';

/** A ready HTTP answer: status, headers and body bytes, built once at load. */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | number>>;
  /** null: the status alone, no body at all (`body: none`). */
  readonly body: Buffer | null;
}

/** What one request gets from an entry: a reply, after a delay. */
export interface Answer {
  readonly reply: Reply;
  readonly delayMs: number;
}

/** Per-request inputs an entry may use to pick its answer. */
export interface AnswerContext {
  readonly token: string;
}

/** One token's compiled behaviour, and where it was written. */
export interface CompiledEntry {
  readonly source: SourceRef;
  /** Picks the answer for one request; static entries return the same frozen Answer every time. */
  readonly answer: (context: AnswerContext) => Answer;
}

/** Tokens answered by rule rather than by name (synthetic populations). */
export interface TokenPopulation {
  readonly description: string;
  readonly size: number;
  match(token: string): CompiledEntry | undefined;
}

/** The immutable, fully compiled scenario set the server answers from; a reload replaces it whole. */
export interface ScenarioSet {
  readonly entries: ReadonlyMap<string, CompiledEntry>;
  readonly populations: readonly TokenPopulation[];
  readonly fallback: CompiledEntry;
  readonly files: readonly string[];
  readonly warnings: readonly Problem[];
  readonly loadedAt: Date;
}

/** The entry answering `token`: named tokens first, then populations, then the fallback. */
export function lookupEntry(set: ScenarioSet, token: string): CompiledEntry {
  const named = set.entries.get(token);
  if (named) return named;
  for (const population of set.populations) {
    const entry = population.match(token);
    if (entry) return entry;
  }
  return set.fallback;
}

/** How many tokens the set answers by name or rule. */
export function tokenCount(set: ScenarioSet): number {
  return set.populations.reduce((n, p) => n + p.size, set.entries.size);
}
