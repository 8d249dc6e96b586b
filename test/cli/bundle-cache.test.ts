import { spawnSync } from 'node:child_process';
import path from 'node:path';

const LOADER = path.resolve(__dirname, '..', '..', 'bin', 'compiled-bundle.js');

describe('the CLI bundle', () => {
  test('starts from the V8 code cache the build writes beside it, which V8 accepts for the bundle as built', () => {
    // A fresh `node` with no flags, as `npx auth-sim` starts: V8 refuses a cache made under other flags.
    const run = spawnSync(process.execPath, [LOADER], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('true');
  });
});
