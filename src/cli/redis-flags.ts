import { Option } from 'commander';
import type { SimulatorOptions } from '../server/simulator-options';
import type { Logger } from './logger';

/** The serve flags of a group on Redis. */
export interface RedisFlags {
  redis?: string;
  redisPrefix: string;
  redisOptional?: boolean;
}

/** The environment variable that gives --redis's URL, so a password in it stays off the command line. */
const REDIS_URL_ENV = 'AUTH_SIM_REDIS_URL';

/** The options, in help order. */
export const REDIS_OPTIONS: readonly Option[] = [
  new Option(
    '--redis <url>',
    'share token state, runtime tokens, reset, the journal and the caller report with every instance on this Redis (redis://[user:password@]host:port/db, rediss:// for TLS); a URL with a password is best given in the environment, where ps does not show it',
  ).env(REDIS_URL_ENV),
  new Option('--redis-prefix <name>', 'the group on that Redis: instances with another prefix never see it').default(
    'auth-sim',
  ),
  new Option(
    '--redis-optional',
    'start on local state (with a warning) when Redis cannot be reached, and join once it can',
  ),
];

/** The simulator options these flags set; Redis's comings and goings go to the log (its return even with --quiet). */
export function redisSettings(flags: RedisFlags, logger: Logger): Pick<SimulatorOptions, 'redis'> {
  if (flags.redis === undefined) return {};
  return {
    redis: {
      url: flags.redis,
      prefix: flags.redisPrefix,
      optional: flags.redisOptional === true,
      onNotice: (level, message) => (level === 'warn' ? logger.warn(message) : logger.resolved(message)),
    },
  };
}

/** A --redis that cannot work as written (bad URL, credentials, not Redis) is a usage error: exit 2. */
export function isRedisConfigError(error: unknown): boolean {
  const e = error as { name?: string; kind?: string };
  return e.name === 'SharedStoreError' && e.kind === 'config';
}
