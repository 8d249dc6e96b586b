/** A key that may name a credential, misspellings included (`callerAtuh`, `caller_auth`, `password`); `callerAuthFailed` holds an answer, not a secret. */
const SECRET_KEY = /^(\s*(?:-\s+)?["']?(?!callerAuthFailed\b)[\w-]*(?:caller|auth|secret|passw)[\w-]*["']?\s*:)\s*\S.*$/i;

/** A caller credential written anywhere on a line: `bearer:...`, `basic:...`, `header:...`. */
const CREDENTIAL = /\b(basic|bearer|header):\S.*$/i;

/** What stands for a masked value. */
const MASK = '***';

/**
 * A scenario file's line as it may be shown (the Health view, a syntax error's excerpt): the value
 * of a credential-looking key, and any written credential, replaced by `***`. A broken line under
 * `callerAuth:` is shown by place only (isSecretPath); this catches what no path names: a syntax
 * error on that line, or the key itself misspelt.
 */
export function maskSecretLine(line: string): string {
  const keyed = SECRET_KEY.exec(line);
  if (keyed) return `${keyed[1]} ${MASK}`;
  return line.replace(CREDENTIAL, (_all, scheme: string) => `${scheme}:${MASK}`);
}
