import { closest, distance } from 'fastest-levenshtein';

/** `; did you mean "x"?` naming the candidate a misspelt word was likely meant to be, or nothing when none is close enough. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const best = meantName(word, candidates);
  return best === undefined ? '' : `; did you mean "${best}"?`;
}

/** The candidate a misspelt word was likely meant to be: the same but for case, or a few edits away; undefined when none is. */
export function meantName(word: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const caseOnly = candidates.find((c) => c.toLowerCase() === word.toLowerCase());
  const best = caseOnly ?? closest(word, candidates);
  const close = caseOnly !== undefined || distance(word, best) <= Math.max(2, Math.floor(best.length / 3));
  return close ? best : undefined;
}
