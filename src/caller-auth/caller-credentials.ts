/**
 * The credentials a simulated service accepts from its caller (the chat server), written the same
 * way on the command line (`--caller-auth`), in AUTH_SIM_CALLER_AUTH and in a scenario file's
 * `defaults.callerAuth`: `basic:USER:PASSWORD`, `bearer:TOKEN` or `header:NAME=VALUE`.
 */

/** Each scheme, as written before the first colon, and how the rest of its written form reads. */
const FORMS = { basic: 'USER:PASSWORD', bearer: 'TOKEN', header: 'NAME=VALUE' } as const;
type CallerAuthScheme = keyof typeof FORMS;

/** One accepted credential. */
export type CallerCredential =
  | { readonly scheme: 'basic'; readonly user: string; readonly password: string }
  | { readonly scheme: 'bearer'; readonly token: string }
  | { readonly scheme: 'header'; readonly name: string; readonly value: string };

/** The grammar, shared by the parser and the scenario schema (which reports a mismatch at file:line:col). */
export const CALLER_AUTH_PATTERN = "^(?:basic:[^:]+:.+|bearer:.+|header:[!#$%&'*+.^_`|~0-9A-Za-z-]+=.+)$";

/** How the grammar reads in a message. */
export const CALLER_AUTH_FORMS = 'basic:USER:PASSWORD, bearer:TOKEN or header:NAME=VALUE';

const MATCHER = new RegExp(CALLER_AUTH_PATTERN, 's');

/**
 * One credential from its written form, or a message saying what is wrong. The message never
 * repeats the value: it may hold a password.
 */
export function parseCallerCredential(spec: string): CallerCredential | { readonly problem: string } {
  if (!MATCHER.test(spec)) {
    const scheme = spec.slice(0, Math.max(0, spec.indexOf(':')));
    const hint = Object.hasOwn(FORMS, scheme)
      ? `the ${scheme} form is ${scheme}:${FORMS[scheme as CallerAuthScheme]}`
      : `it starts with "${scheme.slice(0, 12)}", not basic:, bearer: or header:`;
    return {
      problem: `a caller credential must be ${CALLER_AUTH_FORMS} (${hint}); the value is not shown, it may hold a secret`,
    };
  }
  const colon = spec.indexOf(':');
  const scheme = spec.slice(0, colon) as CallerAuthScheme;
  const rest = spec.slice(colon + 1);
  if (scheme === 'bearer') return { scheme, token: rest };
  if (scheme === 'basic') {
    // The password may contain colons; the user name cannot (RFC 7617).
    const split = rest.indexOf(':');
    return { scheme, user: rest.slice(0, split), password: rest.slice(split + 1) };
  }
  const equals = rest.indexOf('=');
  return { scheme, name: rest.slice(0, equals).toLowerCase(), value: rest.slice(equals + 1) };
}

/** Parses several; every problem is reported, each naming where the credential came from. */
export function parseCallerCredentials(
  specs: readonly string[],
  origin: string,
): { credentials: CallerCredential[]; problems: string[] } {
  const credentials: CallerCredential[] = [];
  const problems: string[] = [];
  specs.forEach((spec, i) => {
    const parsed = parseCallerCredential(spec);
    if ('problem' in parsed) problems.push(`${origin}${specs.length > 1 ? ` #${i + 1}` : ''}: ${parsed.problem}`);
    else credentials.push(parsed);
  });
  return { credentials, problems };
}

/** The credential as logs may show it: the scheme and who, never the secret. */
export function describeCredential(credential: CallerCredential): string {
  if (credential.scheme === 'basic') return `basic user ${JSON.stringify(credential.user)}`;
  if (credential.scheme === 'bearer') return 'a bearer token';
  return `header ${credential.name}`;
}

/** AUTH_SIM_CALLER_AUTH's value as written credentials: one a line, so a value may hold spaces. */
export function splitCredentialList(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
