import { closest, distance } from 'fastest-levenshtein';

/** `; did you mean "x"?` naming the candidate a misspelt word was likely meant to be, or nothing when none is close enough. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  if (candidates.length === 0) return '';
  const caseOnly = candidates.find((c) => c.toLowerCase() === word.toLowerCase());
  const best = caseOnly ?? closest(word, candidates);
  const close = caseOnly !== undefined || distance(word, best) <= Math.max(2, Math.floor(best.length / 3));
  return close ? `; did you mean "${best}"?` : '';
}
