/** A --redis setting that cannot work (bad URL, credentials refused, not Redis): exit 2; or a Redis not reachable: exit 1. */
export class SharedStoreError extends Error {
  constructor(
    message: string,
    readonly kind: 'config' | 'unreachable',
  ) {
    super(message);
    this.name = 'SharedStoreError';
  }
}

/** Checks a `redis://` or `rediss://` URL before any connection is tried. */
export function checkRedisUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not echoed: a URL that does not parse cannot be told apart from the password it may hold.
    throw new SharedStoreError(
      `the Redis URL is not a URL (not shown, as it may hold a password); write it like redis://127.0.0.1:6379/0 (rediss:// for TLS, user:password@ before the host, its special characters percent-encoded)`,
      'config',
    );
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new SharedStoreError(
      `--redis "${shownUrl(url)}" must start with redis:// or rediss://, not ${url.protocol}//`,
      'config',
    );
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db))
    throw new SharedStoreError(
      `--redis "${shownUrl(url)}": the path must be a database number like /0, not /${db}`,
      'config',
    );
  return url;
}

/** The URL as logs and health show it: the password masked. */
export function shownUrl(url: URL): string {
  if (url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.password = '***';
  return copy.href;
}
