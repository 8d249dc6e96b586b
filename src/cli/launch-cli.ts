import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** The CLI as one file (scripts/bundle-cli.js), written by `npm run build` beside this one. */
export const BUNDLE_FILE = path.join(__dirname, 'bundle.js');

/** V8's code cache for BUNDLE_FILE (scripts/warm-code-cache.js): a start deserialises code instead of compiling it. */
export const CODE_CACHE_FILE = path.join(__dirname, 'bundle.code-cache');

type CliModule = typeof import('./main');

/** How the CLI was loaded: for the startup test and for writing the code cache. */
export interface LoadedCli {
  readonly cli: CliModule;
  readonly from: 'bundle' | 'modules';
  /** Whether V8 took the code cache; `absent` when there was none (or it belongs to another bundle). */
  readonly codeCache: 'accepted' | 'rejected' | 'absent';
  /** The compiled bundle, whose createCachedData() the build's warm-up writes. */
  readonly script?: vm.Script;
}

/**
 * Loads the CLI: the bundle with its code cache when the build made them, else the plain
 * modules (a dist built by a bare `tsc`). A start of the ~120 modules cost ~40 ms to resolve,
 * read and compile them; the bundle with its code cache, ~10 ms.
 */
export function loadCli({ useCodeCache = true } = {}): LoadedCli {
  let source: string;
  try {
    // The bundle is ASCII (scripts/bundle-cli.js escapes the rest): latin1 skips UTF-8 decoding.
    source = fs.readFileSync(BUNDLE_FILE, 'latin1');
  } catch {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return { cli: require('./main') as CliModule, from: 'modules', codeCache: 'absent' };
  }
  const cachedData = useCodeCache ? readCodeCache(source) : undefined;
  const script = new vm.Script(Module.wrap(source), { filename: BUNDLE_FILE, cachedData });
  const module = { exports: {} as CliModule };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(BUNDLE_FILE), module, BUNDLE_FILE, __dirname);
  const codeCache = cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'accepted';
  return { cli: module.exports, from: 'bundle', codeCache, script };
}

/** Runs the CLI on `argv` (bin/auth-sim.js); returns how it was loaded. */
export function launch(argv: readonly string[]): LoadedCli {
  const loaded = loadCli();
  loaded.cli.main(argv);
  return loaded;
}

/**
 * The cache's code if it was made for this very bundle: its first line names the bundle's build
 * stamp (the bundle's own first line). V8 checks its version, flags and the source's length, not
 * its content, so a cache of another bundle of the same length would run the wrong code.
 */
function readCodeCache(source: string): Buffer | undefined {
  let cache: Buffer;
  try {
    cache = fs.readFileSync(CODE_CACHE_FILE);
  } catch {
    return undefined;
  }
  const stampEnd = cache.indexOf(10);
  if (stampEnd < 0 || cache.toString('latin1', 0, stampEnd) !== buildStamp(source)) return undefined;
  return cache.subarray(stampEnd + 1);
}

/** The bundle's first line, `// auth-sim bundle <hash of its content>`. */
export function buildStamp(source: string): string {
  const end = source.indexOf('\n');
  return end < 0 ? source : source.slice(0, end);
}
