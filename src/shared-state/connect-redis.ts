import type { Redis, RedisOptions } from 'ioredis';
import { checkRedisUrl, SharedStoreError, shownUrl } from './redis-url';

/** How long a first connection may take before the start gives up (or, with --redis-optional, goes on without). */
export const CONNECT_TIMEOUT_MS = 3000;
/** A stateful request waits at most this long for Redis before answering from local state. */
const COMMAND_TIMEOUT_MS = 250;
/** Reconnecting backs off to at most this, so a Redis that returns is shared again within a few seconds. */
const MAX_BACKOFF_MS = 1000;
/** How long a closing connection waits for its socket to close before destroying it. */
const DISCONNECT_TIMEOUT_MS = 100;

/** A Redis connection that is ready, or (optional) still trying in the background. */
export interface OpenedRedis {
  readonly client: Redis;
  readonly url: URL;
  /** Why the first connection failed, when it did and the start went on without Redis. */
  readonly failed: string | null;
}

/**
 * Opens the connection auth-sim's shared state uses: commands fail at once when Redis is away
 * (no offline queue, a 250 ms time-out) so a request never hangs on it, and reconnecting goes on
 * with back-off. ioredis (chosen over node-redis for its per-command time-out and Lua helpers)
 * is loaded here only, so a start without --redis never loads it.
 */
export async function connectRedis(text: string, optional: boolean): Promise<OpenedRedis> {
  const url = checkRedisUrl(text);

  const { Redis: Client } = require('ioredis') as typeof import('ioredis');
  // The first answers (the ready check's INFO, the PING) may take the whole connect budget: a
  // Redis busy with a script or a loaded CI machine answers them later than 250 ms, and a start
  // must not fail for that. Served requests wait 250 ms at most from then on.
  const client = new Client(text, { ...redisOptions(true), commandTimeout: CONNECT_TIMEOUT_MS });
  // ioredis emits every connection error; they are read from the connection state and logged by the group instead.
  client.on('error', () => undefined);
  const failure = await firstConnection(client);
  // ioredis reads the option at each command it sends.
  client.options.commandTimeout = COMMAND_TIMEOUT_MS;
  if (failure === null) return { client, url, failed: null };
  const problem = describeFailure(url, failure);
  if (problem.kind === 'config' || !optional) {
    client.disconnect();
    throw problem;
  }
  return { client, url, failed: problem.message };
}

/** The options every connection of the group uses; a blocking reader passes `timeouts: false`. */
export function redisOptions(timeouts: boolean): RedisOptions {
  return {
    lazyConnect: true,
    enableOfflineQueue: !timeouts,
    maxRetriesPerRequest: timeouts ? 0 : null,
    commandTimeout: timeouts ? COMMAND_TIMEOUT_MS : undefined,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(50 * 2 ** times, MAX_BACKOFF_MS),
    // A refused socket has closed before ioredis ends it, so its wait for 'close' runs out in full
    // (2 s by default): a start that cannot reach Redis would exit that much later.
    disconnectTimeout: DISCONNECT_TIMEOUT_MS,
  };
}

/** Waits for the first ready connection; resolves to the error that stopped it, or null. */
async function firstConnection(client: Redis): Promise<Error | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Error>((resolve) => {
    timer = setTimeout(() => resolve(new Error(`no answer within ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
  });
  // A server that is not Redis may both send garbage and close the socket: the errors of a short
  // while are gathered so the telling one (what it sent, a refused password) is the one reported.
  const errors: Error[] = [];
  const firstError = new Promise<Error>((resolve) => {
    const gather = (error: Error) => {
      if (errors.push(error) > 1) return;
      setTimeout(() => (client.off('error', gather), resolve(errors.find(isTelling) ?? errors[0])), 100);
    };
    client.on('error', gather);
  });
  const ready = client.connect().then(
    () => client.ping().then(() => null),
    () => firstError,
  );
  try {
    return await Promise.race([ready, firstError, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const CREDENTIALS = /WRONGPASS|NOAUTH|invalid password|invalid username/i;
const NOT_REDIS = /protocol error|unexpected|unknown resp type|no answer within/i;

/** An error that says more than a socket's (EPIPE, ECONNRESET): the server's own words. */
function isTelling(error: Error): boolean {
  return CREDENTIALS.test(error.message) || NOT_REDIS.test(error.message);
}

/** One line saying what went wrong and how to fix it. */
function describeFailure(url: URL, error: Error): SharedStoreError {
  const at = shownUrl(url);
  const message = error.message.split('\n')[0].replace(/\.? Please report this\.?$/, '');
  if (CREDENTIALS.test(message))
    return new SharedStoreError(
      `Redis at ${at} refused the credentials (${message}); put the right user and password in the URL: redis://user:password@host:port/0`,
      'config',
    );
  if (NOT_REDIS.test(message))
    return new SharedStoreError(`${at} does not answer as Redis does (${message}); check the host and port`, 'config');
  return new SharedStoreError(
    `cannot reach Redis at ${at}: ${message}; start it, fix the URL, or pass --redis-optional to start on local state`,
    'unreachable',
  );
}
