/**
 * The real service a proxy passes requests to, split from what a user wrote: `base` is what every
 * message, the journal and the dashboard show and where requests go (no user name, no password);
 * the credentials, if the URL held any, travel only as the `authorization` header.
 */
export interface ProxyTarget {
  /** Scheme, host, port and path, without credentials, query or trailing slash. */
  readonly base: string;
  /** `Basic <base64 of user:password>` when the URL held credentials (RFC 7617), else undefined. */
  readonly authorization: string | undefined;
}

/** The target, or why `value` (given to `flag`) cannot be one; the message never holds the credentials. */
export function proxyTarget(flag: string, value: string): ProxyTarget | { readonly problem: string } {
  const shown = withoutCredentials(value);
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value))
    return { problem: `${flag} must be a base URL with its scheme, e.g. http://${shown.replace(/^\w+:\/\//, '')}` };
  const url = new URL(value);
  if (url.search !== '' || url.hash !== '')
    return { problem: `${flag} must be a base URL without a query or fragment, got ${withoutCredentials(url.href)}` };
  const base = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  if (url.username === '' && url.password === '') return { base, authorization: undefined };
  // URL keeps them percent-encoded; the header carries the UTF-8 bytes they stand for.
  let pair: string;
  try {
    pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  } catch {
    return { problem: `${flag}: the user name or password is not valid percent-encoding (write a % as %25)` };
  }
  return { base, authorization: `Basic ${Buffer.from(pair, 'utf8').toString('base64')}` };
}

/** `value` with whatever stands before an `@` in its authority replaced by `***`: safe to print. */
function withoutCredentials(value: string): string {
  return value.replace(
    /^((?:[a-z][a-z0-9+.-]*:)?\/\/)?[^/?#]*@/i,
    (_whole, scheme: string | undefined) => `${scheme ?? ''}***@`,
  );
}
