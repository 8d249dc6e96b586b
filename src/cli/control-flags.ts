import { InvalidArgumentError, Option } from 'commander';
import { DEFAULT_JOURNAL_SIZE, normalizePrefix } from '../server/admin/control-parts';
import { DEFAULT_ADMIN_PREFIX } from '../protocol/endpoints';
import type { SimulatorOptions } from '../server/run-simulator';
import { wholeNumberParser } from './toolbox-flags';

/** The serve flags that make the simulator observable and steerable: journal, admin API, logs. */
export interface ControlFlags {
  journalSize: number;
  journal: boolean;
  metrics: boolean;
  admin: boolean;
  adminToken?: string;
  adminOpen?: boolean;
  adminPrefix: string;
  log: LogFormat;
  logTime?: boolean;
}

/** How request lines are printed: readable text, or one JSON object per line. */
const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The options, in help order; serve.ts adds each to its command. */
export const CONTROL_OPTIONS: readonly Option[] = [
  new Option(
    '--journal-size <number>',
    `requests the journal keeps for GET ${DEFAULT_ADMIN_PREFIX}/requests; 0 turns it off`,
  )
    .default(DEFAULT_JOURNAL_SIZE)
    .argParser(
      wholeNumberParser(
        0,
        Number.MAX_SAFE_INTEGER,
        (v) => `--journal-size must be a whole number from 0 (0 turns the journal off), got "${v}"`,
      ),
    ),
  new Option('--no-journal', 'keep no request journal (same as --journal-size 0)'),
  new Option('--no-metrics', `count no requests for GET ${DEFAULT_ADMIN_PREFIX}/metrics (Prometheus)`),
  new Option(
    '--admin-token <secret>',
    'admin API changes need this, as "authorization: Bearer <secret>" or "x-admin-token: <secret>" (reads too with a --host other than loopback)',
  ).env('AUTH_SIM_ADMIN_TOKEN'),
  new Option(
    '--admin-open',
    'with a --host other than loopback, leave the admin API open to anyone who reaches it (a start without --admin-token is refused otherwise)',
  ),
  new Option('--admin-prefix <path>', 'where the admin API is mounted')
    .default(DEFAULT_ADMIN_PREFIX)
    .argParser(parseAdminPrefix),
  new Option('--no-admin', 'serve no admin API at all'),
  new Option('--log <format>', 'request lines as readable text or one JSON object per line')
    .choices(LOG_FORMATS)
    .default('text'),
  new Option(
    '--log-time',
    'begin each text log line with the time, ISO 8601 in UTC to the millisecond (a request line: when it arrived); with --log json, a "time" field on every line',
  ),
];

/** The simulator options these flags set (the request log is wired by serve.ts). */
export function controlSettings(flags: ControlFlags): Pick<SimulatorOptions, 'journalSize' | 'metrics' | 'admin'> {
  return {
    journalSize: flags.journal ? flags.journalSize : 0,
    metrics: flags.metrics,
    admin: flags.admin
      ? {
          prefix: flags.adminPrefix,
          ...(flags.adminToken ? { token: flags.adminToken } : {}),
          ...(flags.adminOpen ? { open: true } : {}),
        }
      : false,
  };
}

/** A path of its own for the admin API. */
function parseAdminPrefix(value: string): string {
  try {
    return normalizePrefix(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}
