/** What a masked header value becomes: plain ASCII, so the recording still loads and says what happened. */
const MASKED_VALUE = 'redacted-by-auth-sim';

/** Header names masked whole: the ones HTTP defines for credentials and sessions. */
const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'www-authenticate',
  'proxy-authenticate',
]);

/** Parts of a header name that say it carries a credential: x-api-key, x-upstream-api-key, x-auth-token, x-client-secret. */
const CREDENTIAL_PARTS = /api[-_]?key|token|secret|passw(or)?d|session|credential|auth|signature|private/i;

/** Whether `name` (any case) looks like a header that carries a credential. */
function isCredentialHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return CREDENTIAL_HEADERS.has(lower) || CREDENTIAL_PARTS.test(lower);
}

/** `headers` with the value of every credential-looking header replaced by MASKED_VALUE. */
export function maskHeaders(headers: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, isCredentialHeader(name) ? MASKED_VALUE : value]),
  );
}
