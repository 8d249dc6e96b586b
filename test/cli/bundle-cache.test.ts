import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const LOADER = path.resolve(__dirname, '..', '..', 'bin', 'compiled-bundle.js');
const BUNDLE = path.resolve(__dirname, '..', '..', 'dist', 'cli', 'bundle.js');

describe('the CLI bundle', () => {
  test('starts from the V8 code cache the build writes beside it, which V8 accepts for the bundle as built', () => {
    // A fresh `node` with no flags, as `npx auth-sim` starts: V8 refuses a cache made under other flags.
    const run = spawnSync(process.execPath, [LOADER], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('true');
  });

  test('is ASCII, so V8 keeps its source one byte a character (1.1 MB of the heap, not 2.1)', () => {
    const text = readFileSync(BUNDLE, 'utf8');
    expect(text.length).toBeGreaterThan(500_000);
    expect(text.match(/[^\t\n\r\x20-\x7e]/g)).toBeNull();
  });
});
