#!/usr/bin/env node
'use strict';
/**
 * Build step after tsc and the validators: bundles dist/cli/main.js, every auth-sim module it
 * requires (at start or on first use) and the small packages a start needs, into
 * dist/cli/bundle.js, which bin/auth-sim.js runs. A start then reads one file instead of ~110
 * modules and ~40 package files: their resolving, reading and wrapping cost ~35 ms of a ~150 ms
 * start (`npm run bench -- --only startup`). esbuild keeps each module's body behind a function
 * that runs on its first require, so what a start does not use still does not run.
 *
 * Left out, and required from node_modules or dist/ as before: the packages loaded on first use
 * (Express, Ajv, faker, yaml, ioredis, node-forge, cli-progress, xmlbuilder2, ...) and the
 * generated validators (half a megabyte, read when a file is first checked), so a start neither
 * reads nor compiles them. The worker thread's entry (check-worker.js) runs dist/ as built.
 *
 * Then the bundle's V8 code cache is written beside it (bin/compiled-bundle.js says why).
 *
 * esbuild over tsc's output rather than in place of tsc: tsc stays the one compiler (its
 * declarations and dist/ serve the library API), and the bundle is a packaging step of the CLI.
 */
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');
const { writeBundleCache } = require('../bin/compiled-bundle.js');

const DIST = path.join(__dirname, '..', 'dist');
const CLI_DIR = path.join(DIST, 'cli');
const OUT = path.join(CLI_DIR, 'bundle.js');

/** The packages a plain start loads: in the bundle. Every other package stays in node_modules. */
const BUNDLED_PACKAGES = new Set([
  'commander',
  'js-yaml',
  'chokidar',
  'readdirp',
  'picocolors',
  'p-limit',
  'yocto-queue',
  'fastest-levenshtein',
]);

function packageName(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Packages outside BUNDLED_PACKAGES stay in node_modules (the generated validators are required by a computed path, which esbuild leaves alone). */
const outside = {
  name: 'outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path: request }) =>
      request.startsWith('node:') || BUNDLED_PACKAGES.has(packageName(request))
        ? undefined
        : { path: request, external: true },
    );
  },
};

/**
 * A module's `__dirname` is its own folder (in dist/: ui-routes finds the dashboard from it, the
 * off-thread check its worker file), not the bundle's: each module that uses it gets its own.
 */
const ownDirname = {
  name: 'own-dirname',
  setup(build) {
    build.onLoad({ filter: /\.c?js$/ }, async ({ path: file }) => {
      const contents = await fs.promises.readFile(file, 'utf8');
      if (!contents.includes('__dirname')) return undefined;
      const rel = path.relative(CLI_DIR, path.dirname(file)).split(path.sep).join('/');
      return {
        contents: `var __dirname = require("node:path").join(require("node:path").dirname(__filename), ${JSON.stringify(rel)});\n${contents}`,
        loader: 'js',
      };
    });
  },
};

async function main() {
  await esbuild.build({
    entryPoints: [path.join(CLI_DIR, 'main.js')],
    outfile: OUT,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    plugins: [outside, ownDirname],
    logLevel: 'warning',
    // Without whitespace, comments and what a shorter syntax says alike, the bundle is 0.74 MB
    // rather than 1.09. A start reads it whole and V8 keeps it as the script's source, and reading a
    // megabyte into a string took 16-19 ms here. The 1-token start went from 243.6 to 233.0 ms and
    // from 244.1 to 236.1 (medians of 21 interleaved starts). Names are kept: esbuild's
    // minifyIdentifiers would save 0.19 MB more, but it drops each module's name from the bundle
    // (test/cli/startup-modules.test.ts reads them) and the function names from stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
  });
  escapeNonAscii(OUT);
  writeBundleCache();
}

/**
 * Rewrites the bundle in ASCII. V8 keeps a script's source for as long as it runs: one byte a
 * character when every character is Latin-1, two otherwise. A few comments (js-yaml's), two markup
 * templates and a regular expression held non-ASCII characters, so the kept source was 2.1 MB of
 * the heap rather than 1.1 (before the bundle was minified). esbuild's `charset: 'ascii'` (its default) escapes string literals but
 * leaves comments, tagged templates and regular expressions as written; a `\uXXXX` escape means the
 * same character in all three (markup() reads cooked strings, and no String.raw holds one).
 */
function escapeNonAscii(file) {
  const text = fs.readFileSync(file, 'utf8');
  const escape = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  fs.writeFileSync(file, text.replace(/[^\t\n\r\x20-\x7e]/g, escape));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
