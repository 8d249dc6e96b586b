#!/usr/bin/env node
'use strict';
/**
 * Build step after bundle-cli.js: starts the bundled CLI on the shipped scenarios (twice: a
 * read-cache miss, then a hit), asks it for a card over GET and POST and for an unknown token
 * each time, then writes V8's code cache of the
 * bundle (dist/cli/bundle.code-cache). The cache then holds the bytecode of every function a
 * start and its first answers ran, so a start neither parses nor compiles them again. V8 drops
 * the cache by itself under another Node version or other V8 flags; launch-cli.ts falls back to
 * compiling the bundle.
 */
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { loadCli, buildStamp, BUNDLE_FILE, CODE_CACHE_FILE } = require('../dist/cli/launch-cli.js');

const SCENARIOS = path.join(__dirname, '..', 'scenarios');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function ask(port, method, pathname, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: pathname, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

async function answered(port) {
  for (let i = 0; i < 500; i++) {
    try {
      return await ask(port, 'GET', '/rest/chat/client/id/alice');
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw new Error('the bundled CLI did not answer within 10 s');
}

/** Waits for the first start's read cache to be written (after its first answer, off the request path). */
async function waitForFiles(dir) {
  for (let i = 0; i < 250 && fs.readdirSync(dir).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
}

/** What the CLI printed during the warm-up (the shipped scenarios' warnings): shown only if it fails. */
function holdStderr() {
  const held = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = (chunk) => (held.push(String(chunk)), true);
  return () => ((process.stderr.write = write), held.join(''));
}

/** One start of the bundled CLI on the shipped scenarios, asked for a card over GET and POST and for an unknown token. */
async function startAndAsk(loaded, cacheDir) {
  const port = await freePort();
  loaded.cli.main([process.execPath, 'auth-sim', 'serve', '--scenarios', SCENARIOS, '--port', String(port), '--quiet', '--cache-dir', cacheDir]);
  await answered(port);
  await ask(port, 'POST', '/rest/chat/client/id/', { token: 'alice' });
  await ask(port, 'GET', '/rest/chat/client/id/no-such-token');
}

async function main() {
  const loaded = loadCli({ useCodeCache: false });
  if (loaded.from !== 'bundle') throw new Error('dist/cli/bundle.js is missing: run scripts/bundle-cli.js first');
  // Two starts in a read cache of our own (never the user's): the first reads the YAML and fills
  // the cache, the second reads from it, so the code cache covers both kinds of start.
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-sim-warm-up-'));
  try {
    await startAndAsk(loaded, cacheDir);
    await waitForFiles(cacheDir);
    await startAndAsk(loaded, cacheDir);
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
  const stamp = buildStamp(fs.readFileSync(BUNDLE_FILE, 'latin1'));
  fs.writeFileSync(CODE_CACHE_FILE, Buffer.concat([Buffer.from(`${stamp}\n`, 'latin1'), loaded.script.createCachedData()]));
}

// The cache only saves time: without it the CLI compiles the bundle as it runs, so a failed
// warm-up (no loopback interface, say) warns and leaves the build good.
const release = holdStderr();
main().then(() => process.exit(0), (error) => {
  process.stderr.write(release());
  fs.rmSync(CODE_CACHE_FILE, { force: true });
  console.error(`warm-code-cache: no code cache written (${error.message}); the CLI works without one, only starts ~10 ms slower`);
  process.exit(0);
});
