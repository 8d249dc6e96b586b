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

/** The flags that cap what the simulator holds. */
export interface LimitFlags {
  maxFileSize: number;
  maxEntrySize?: number;
  maxRuntimeTokens?: number;
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
];

/** The simulator options these flags set. */
export function limitSettings(
  flags: LimitFlags,
): Pick<SimulatorOptions, 'maxFileBytes' | 'maxEntryBytes' | 'maxRuntimeTokens'> {
  return {
    maxFileBytes: flags.maxFileSize,
    ...(flags.maxEntrySize !== undefined ? { maxEntryBytes: flags.maxEntrySize } : {}),
    ...(flags.maxRuntimeTokens !== undefined ? { maxRuntimeTokens: flags.maxRuntimeTokens } : {}),
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
