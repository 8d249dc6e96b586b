'use strict';
/**
 * A one-off before/after of the file-styles startup rows: `node bench/compare-file-styles.js
 * <other-checkout> [rounds]` times this build and another built checkout (for example the commit
 * before a change, built with `npm run build`) in the same rounds, and prints one table.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { writeFixtures } = require('./fixtures');
const { fileStylesCase } = require('./sections/file-styles');
const { execFileSync } = require('node:child_process');
const servers = require('./servers');

/** An older build that kept a read cache is timed at its first start (no cache), as a clean CI run pays. */
function firstStartArgs(root) {
  const help = execFileSync(process.execPath, [path.join(root, 'bin/auth-sim.js'), 'serve', '--help'], {
    encoding: 'utf8',
  });
  return help.includes('--no-cache') ? ['--no-cache'] : [];
}

async function main() {
  const [other, rounds = '5'] = process.argv.slice(2);
  if (!other) throw new Error('usage: node bench/compare-file-styles.js <other built checkout> [rounds]');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-sim-styles-'));
  try {
    const ctx = { dir, fixtures: writeFixtures(dir, { synthCounts: [] }), startupTimes: Number(rounds), authArgs: [] };
    const builds = [
      { label: 'before', root: path.resolve(other), args: firstStartArgs(path.resolve(other)) },
      { label: 'after', root: servers.ROOT, args: [] },
    ];
    const { servers: rows } = await fileStylesCase(ctx, builds);
    const base = (build) => rows.find((r) => r.build === build && r.style === '1 token').startupMs;
    process.stdout.write(
      '| style | KB | before ms | before / 1 token | after ms | after / 1 token |\n|---|---|---|---|---|---|\n',
    );
    for (const style of [...new Set(rows.map((r) => r.style))]) {
      const [b, a] = ['before', 'after'].map((build) => rows.find((r) => r.build === build && r.style === style));
      const cell = (r) => `${Math.round(r.startupMs)} | ${(r.startupMs / base(r.build)).toFixed(2)}x`;
      process.stdout.write(`| ${style} | ${Math.round(a.bytes / 1024)} | ${cell(b)} | ${cell(a)} |\n`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
});
