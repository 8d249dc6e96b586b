import { closest, distance } from 'fastest-levenshtein';

/** The candidate closest to a misspelt word, if it is close enough to be what was meant. */
export function suggest(word: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const best = closest(word, candidates as string[]);
  const lower = word.toLowerCase();
  const caseOnly = candidates.find((c) => c.toLowerCase() === lower);
  if (caseOnly) return caseOnly;
  return distance(word, best) <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

/** `; did you mean "x"?` or nothing, ready to append to a message. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const match = suggest(word, candidates);
  return match === undefined ? '' : `; did you mean "${match}"?`;
}
