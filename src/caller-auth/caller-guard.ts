import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { parseCallerCredentials, type CallerCredential } from './caller-credentials';

/**
 * Checks that a request comes from an accepted caller. What a refused caller is answered is the
 * scenarios' business (scenario/compile/caller-refusal.ts compiles it), so this folder knows no entries.
 */
export interface CallerCheck {
  /** null: the caller passes; otherwise why it is refused (shown in the journal and the log, never a secret). */
  readonly check: (req: IncomingMessage) => string | null;
  /** The WWW-Authenticate challenges the built-in refusal carries. */
  readonly challenges: Readonly<Record<string, string>>;
}

/** Why a caller was refused, as the journal says it. */
const REFUSALS = Object.freeze({
  missing: 'no credentials',
  wrong: 'wrong credentials',
  noCertificate: 'no client certificate',
});

/**
 * The check that demands one of `credentials` (none: any caller passes them) and, with
 * `clientCertificate` (`--tls-client-optional`: the handshake let the caller in), a valid client certificate.
 */
export function createCallerCheck(credentials: readonly CallerCredential[], clientCertificate = false): CallerCheck {
  const basics = new Set<string>();
  const bearers = new Set<string>();
  const headers = new Map<string, Set<string>>();
  for (const c of credentials) {
    if (c.scheme === 'basic') basics.add(`${c.user}:${c.password}`);
    else if (c.scheme === 'bearer') bearers.add(c.token);
    else headers.set(c.name, (headers.get(c.name) ?? new Set()).add(c.value));
  }
  const checkCredentials =
    credentials.length === 0 ? () => null : (req: IncomingMessage) => credentialRefusal(req, basics, bearers, headers);
  const check = clientCertificate
    ? (req: IncomingMessage) => certificateRefusal(req.socket as TLSSocket) ?? checkCredentials(req)
    : checkCredentials;
  return { check, challenges: challenges(basics.size > 0, bearers.size > 0) };
}

/** Written caller credentials that do not parse; the message lists each, never a secret. */
export class CallerAuthError extends Error {}

/**
 * The simulator-wide guard: credentials every request must bring (`--caller-auth`), and the
 * client certificate when mutual TLS is answered in HTTP (`--tls-client-optional`). None at all
 * when neither is asked for, so the request path does not check.
 */
export function createGlobalGuard(specs: readonly string[], clientCertificate: boolean): CallerCheck | undefined {
  if (specs.length === 0 && !clientCertificate) return undefined;
  const { credentials, problems } = parseCallerCredentials(specs, 'callerAuth');
  if (problems.length > 0) throw new CallerAuthError(problems.join('\n'));
  return createCallerCheck(credentials, clientCertificate);
}

/**
 * The credentials check. The header is compared as sent (a simulator guards nothing worth a
 * timing attack, so plain comparisons), Basic after base64 decoding as RFC 7617 defines it.
 */
function credentialRefusal(
  req: IncomingMessage,
  basics: ReadonlySet<string>,
  bearers: ReadonlySet<string>,
  headers: ReadonlyMap<string, ReadonlySet<string>>,
): string | null {
  const authorization = req.headers.authorization;
  let presented = authorization !== undefined;
  if (authorization !== undefined) {
    const space = authorization.indexOf(' ');
    const scheme = authorization.slice(0, space).toLowerCase();
    const value = authorization.slice(space + 1).trim();
    if (scheme === 'basic' && basics.has(Buffer.from(value, 'base64').toString('utf8'))) return null;
    if (scheme === 'bearer' && bearers.has(value)) return null;
  }
  for (const [name, values] of headers) {
    const sent = req.headers[name];
    if (sent === undefined) continue;
    presented = true;
    if (values.has(Array.isArray(sent) ? sent.join(', ') : sent)) return null;
  }
  return presented ? REFUSALS.wrong : REFUSALS.missing;
}

function certificateRefusal(socket: TLSSocket): string | null {
  if (socket.authorized) return null;
  if (socket.getPeerX509Certificate() === undefined) return REFUSALS.noCertificate;
  return `client certificate refused: ${String(socket.authorizationError)}`;
}

/** WWW-Authenticate challenges for the schemes that have one (RFC 7617 Basic, RFC 6750 Bearer). */
function challenges(basic: boolean, bearer: boolean): Record<string, string> {
  const list = [
    ...(basic ? ['Basic realm="auth-sim", charset="UTF-8"'] : []),
    ...(bearer ? ['Bearer realm="auth-sim"'] : []),
  ];
  return list.length > 0 ? { 'www-authenticate': list.join(', ') } : {};
}
