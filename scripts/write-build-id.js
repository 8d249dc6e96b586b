#!/usr/bin/env node
'use strict';
/**
 * Build step after build-validators.js: writes dist/build-id, a sha256 over every file under dist/
 * (path and contents), the package version and the installed `yaml` version (it reads the files
 * the quick reader declines). The read cache (src/scenario/read-cache.ts) keys each entry on it,
 * so any change to the code that decides a read misses the cache, even in a dev tree whose
 * version was not bumped. Hashing the built output rather than src/ also covers the generated
 * validators.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const dist = path.join(root, 'dist');
const out = path.join(dist, 'build-id');

/** Every file under `dir`, as paths relative to dist/ with forward slashes, sorted. */
function listFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listFiles(full));
    else if (entry.isFile() && full !== out) found.push(path.relative(dist, full).split(path.sep).join('/'));
  }
  return found.sort();
}

const hash = crypto.createHash('sha256');
const field = (text) => hash.update(`${Buffer.byteLength(text)}:${text}\n`);
field(`auth-sim ${require(path.join(root, 'package.json')).version}`);
field(`yaml ${require('yaml/package.json').version}`);
for (const file of listFiles(dist)) {
  const bytes = fs.readFileSync(path.join(dist, file));
  field(file);
  hash.update(`${bytes.length}:`).update(bytes).update('\n');
}
fs.writeFileSync(out, `${hash.digest('hex')}\n`);
