import { InvalidArgumentError, Option } from 'commander';
import type { SimulatorOptions } from '../server/run-simulator';
import {
  DEFAULT_MAX_ENTRY_BYTES,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_RUNTIME_TOKENS,
  formatByteSize,
  parseByteSize,
} from '../scenario/base/size-limits';
import { wholeNumberParser } from './toolbox-flags';
import { MAX_TIMER_MS, parseDuration } from '../scenario/base/duration';
import { DEFAULT_MAX_SESSIONS } from '../server/endpoint/sessions';

/** The flags that cap what the simulator holds. */
export interface LimitFlags {
  maxFileSize: number;
  maxEntrySize?: number;
  maxRuntimeTokens?: number;
  maxSessions?: number;
  sessionTtl?: number;
}

/** --max-file-size (serve and validate). */
export const MAX_FILE_SIZE_OPTION = new Option('--max-file-size <size>', 'largest scenario file read, e.g. 64mb')
  .default(DEFAULT_MAX_FILE_BYTES, formatByteSize(DEFAULT_MAX_FILE_BYTES))
  .argParser(sizeParser('--max-file-size'));

/** Every limit flag of serve, in help order. */
export const LIMIT_OPTIONS: readonly Option[] = [
  MAX_FILE_SIZE_OPTION,
  new Option(
    '--max-entry-size <size>',
    `largest admin PUT body (one runtime entry), e.g. 4mb (default ${formatByteSize(DEFAULT_MAX_ENTRY_BYTES)})`,
  ).argParser(sizeParser('--max-entry-size')),
  new Option(
    '--max-runtime-tokens <number>',
    `most runtime tokens held at once (default ${DEFAULT_MAX_RUNTIME_TOKENS})`,
  ).argParser(
    wholeNumberParser(
      1,
      Number.MAX_SAFE_INTEGER,
      (v) => `--max-runtime-tokens must be a whole number from 1, got "${v}"`,
    ),
  ),
  new Option(
    '--max-sessions <number>',
    `most sessions (POST /__admin/sessions) alive at once (default ${DEFAULT_MAX_SESSIONS})`,
  ).argParser(
    wholeNumberParser(1, Number.MAX_SAFE_INTEGER, (v) => `--max-sessions must be a whole number from 1, got "${v}"`),
  ),
  new Option(
    '--session-ttl <duration>',
    'how long a session may go unused before it ends, unless it asks for its own ttl: "10m", "90s" (default 10m)',
  ).argParser(parseSessionTtl),
];

/** A duration from 1 ms to 2^31-1 ms. */
function parseSessionTtl(value: string): number {
  const ms = parseDuration(value);
  if (ms === undefined || ms < 1 || ms > MAX_TIMER_MS)
    throw new InvalidArgumentError(`--session-ttl must be a duration like "10m", "90s" or "500ms", got "${value}"`);
  return ms;
}

/** The simulator options these flags set. */
export function limitSettings(
  flags: LimitFlags,
): Pick<SimulatorOptions, 'maxFileBytes' | 'maxEntryBytes' | 'maxRuntimeTokens' | 'maxSessions' | 'sessionTtlMs'> {
  return {
    maxFileBytes: flags.maxFileSize,
    ...(flags.maxEntrySize !== undefined ? { maxEntryBytes: flags.maxEntrySize } : {}),
    ...(flags.maxRuntimeTokens !== undefined ? { maxRuntimeTokens: flags.maxRuntimeTokens } : {}),
    ...(flags.maxSessions !== undefined ? { maxSessions: flags.maxSessions } : {}),
    ...(flags.sessionTtl !== undefined ? { sessionTtlMs: flags.sessionTtl } : {}),
  };
}

/** A commander parser of a byte size ("512kb", "32mb") for `flag`. */
export function sizeParser(flag: string): (value: string) => number {
  return (value) => {
    const bytes = parseByteSize(value);
    if (bytes === undefined)
      throw new InvalidArgumentError(`${flag} must be a size such as 512kb, 32mb or 1gb, got "${value}"`);
    return bytes;
  };
}
