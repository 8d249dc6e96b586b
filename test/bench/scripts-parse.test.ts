import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// The bench and build scripts are plain JavaScript outside tsc and jest's reach: a merge that
// leaves one unparseable would only show when someone next runs `npm run bench`.
const root = path.resolve(__dirname, '..', '..');
const scripts = ['bench', 'bench/sections', 'scripts'].flatMap((dir) =>
  readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `${dir}/${name}`),
);

test.each(scripts)('%s parses', (script) => {
  expect(() => execFileSync(process.execPath, ['--check', path.join(root, script)], { stdio: 'pipe' })).not.toThrow();
});
