import { parseCallerCredentials } from './caller-credentials';
import { createCallerCheck, type CallerCheck } from './caller-guard';

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
  return createCallerCheck({ credentials, clientCertificate });
}
