import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Option } from 'commander';
import type { ReadCacheOptions } from '../scenario/read-cache';

/** The serve flags of the read cache. */
export interface CacheFlags {
  cache: boolean;
  cacheDir?: string;
}

/** The options, in help order; serve.ts adds each to its command. */
export const CACHE_OPTIONS: readonly Option[] = [
  new Option('--cache-dir <dir>', 'where reads of valid scenario files are kept to start faster next time (default: $XDG_CACHE_HOME/auth-sim or ~/.cache/auth-sim)'),
  new Option('--no-cache', 'neither use nor write the read cache'),
];

/**
 * The read cache these flags ask for, or undefined: turned off, no directory to use (no home),
 * or no build id (running from src/, where nothing says which code did the read).
 */
export function cacheSettings(flags: CacheFlags, env: NodeJS.ProcessEnv = process.env): ReadCacheOptions | undefined {
  if (!flags.cache) return undefined;
  const buildId = readBuildId();
  const dir = flags.cacheDir !== undefined ? path.resolve(flags.cacheDir) : defaultCacheDir(env);
  return buildId && dir ? { dir, buildId } : undefined;
}

/** dist/build-id, written by scripts/write-build-id.js (from dist/cli/*.js, this path is dist/build-id). */
function readBuildId(): string | undefined {
  try {
    return readFileSync(path.join(__dirname, '..', 'build-id'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** $XDG_CACHE_HOME/auth-sim (an absolute one only, as the XDG spec says), else ~/.cache/auth-sim. */
function defaultCacheDir(env: NodeJS.ProcessEnv): string | undefined {
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)) return path.join(env.XDG_CACHE_HOME, 'auth-sim');
  try {
    const home = os.homedir();
    return home ? path.join(home, '.cache', 'auth-sim') : undefined;
  } catch {
    return undefined; // no home directory at all: run without a cache
  }
}
