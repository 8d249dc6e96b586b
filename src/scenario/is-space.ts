const SPACE = /\s/;

/**
 * Whether a character code is `\s` to a JavaScript regex, the same set `trim` removes (line
 * breaks included). For scanners that walk big texts by character code: the ASCII test is a
 * comparison, the rest (non-breaking and other Unicode spaces) asks the regex.
 */
export function isSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return SPACE.test(String.fromCharCode(code));
}
