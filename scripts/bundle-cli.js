#!/usr/bin/env node
'use strict';
/**
 * Build step after tsc and the validators: bundles dist/cli/main.js and everything it imports
 * into dist/cli/bundle.js, which bin/auth-sim.js runs (src/cli/launch-cli.ts). One file instead
 * of ~120 modules saves their resolution, reads and wrappers at every start, and lets one V8
 * code cache (scripts/warm-code-cache.js) cover the whole CLI.
 *
 * Left out, and required from node_modules as before: packages the CLI loads only on first use
 * (Express and the admin API, Ajv, faker, `yaml`, cli-progress), so a start neither reads nor
 * compiles them.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const CLI_DIR = path.join(__dirname, '..', 'dist', 'cli');
const OUT = path.join(CLI_DIR, 'bundle.js');
const LAZY_PACKAGES = ['express', 'ajv', 'ajv/*', '@faker-js/faker', 'yaml', 'cli-progress'];

async function main() {
  fs.rmSync(path.join(CLI_DIR, 'bundle.code-cache'), { force: true });
  const result = await esbuild.build({
    entryPoints: [path.join(CLI_DIR, 'main.js')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: LAZY_PACKAGES,
    write: false,
    logLevel: 'warning',
  });
  const code = asciiOnly(result.outputFiles[0].text);
  // The first line stamps the content, so a code cache is only ever used with the bundle it was made from.
  const stamp = `// auth-sim bundle ${crypto.createHash('sha256').update(code).digest('hex')}`;
  fs.writeFileSync(OUT, `${stamp}\n${code}`);
}

/**
 * The bundle with every non-ASCII character written as a \\u escape (the same character in a
 * string, regex, identifier or comment), so launch-cli.ts can read it as latin1: a one-byte
 * string without UTF-8 decoding, ~2 ms of a start.
 */
function asciiOnly(code) {
  return code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
