'use strict';
/**
 * Loads the CLI bundle (dist/cli/bundle.js) as Node's require would, but from the V8 code cache
 * that `npm run build` writes beside it, so a start does not parse the bundle's 0.74 MB again:
 * V8 takes the compiled top level and the modules a start loads from the cache, and compiles
 * only what the cache lacks. It saves ~10 ms of a ~115 ms 1-token start (paired starts,
 * /work/perf's startup.js style: 104.6 vs 114.2 ms).
 *
 * V8 refuses a cache made by another V8 version, under other flags or for a source of another
 * length, and then compiles the source as usual; a bundle newer than its cache (edited or built
 * again without the cache) is compiled from source too, so a cache never runs stale code.
 *
 * Considered: v8-compile-cache, which hooks every module's compile and writes its cache to the
 * OS temp folder when a process exits, so each machine's first start pays, every exit may write,
 * and parallel CI starts share one folder. Node 22's module.enableCompileCache does this job,
 * but the CLI runs on Node 20, where one file compiled at build time needs only `vm.Script`.
 */
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const BUNDLE = path.join(__dirname, '..', 'dist', 'cli', 'bundle.js');
const CACHE = `${BUNDLE}.v8-cache`;

/** Compiles and runs the bundle's top level, from `cachedData` when V8 accepts it. */
function compileBundle(cachedData) {
  const script = new vm.Script(Module.wrap(fs.readFileSync(BUNDLE, 'utf8')), {
    filename: BUNDLE,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const bundle = { exports: {} };
  script
    .runInThisContext()
    .call(bundle.exports, bundle.exports, Module.createRequire(BUNDLE), bundle, BUNDLE, path.dirname(BUNDLE));
  return { script, exports: bundle.exports };
}

/** The cache's bytes when it was written after the bundle, or undefined (then V8 compiles). */
function freshCache() {
  try {
    if (fs.statSync(CACHE).mtimeMs < fs.statSync(BUNDLE).mtimeMs) return undefined;
    return fs.readFileSync(CACHE);
  } catch {
    return undefined;
  }
}

/** The bundle's exports, compiled from the cache where it can be. */
function loadBundle() {
  return compileBundle(freshCache()).exports;
}

/** Build step (scripts/bundle-cli.js): compiles the bundle, loads its start modules and writes the cache. */
function writeBundleCache() {
  const { script } = compileBundle(undefined);
  fs.writeFileSync(CACHE, script.createCachedData());
}

/** Whether V8 takes the cache: what `node bin/compiled-bundle.js` prints (test/cli/bundle-cache.test.ts). */
function cacheAccepted() {
  const cachedData = freshCache();
  return cachedData !== undefined && !compileBundle(cachedData).script.cachedDataRejected;
}

if (require.main === module) process.stdout.write(String(cacheAccepted()));

module.exports = { loadBundle, writeBundleCache };
