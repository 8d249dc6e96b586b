import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { installedProject, runCommand, type Run } from '../helpers/installed-package';

// The package as a user gets it: `npm pack`, the tarball installed into a project of its own
// (test/helpers/installed-package.ts, once per run), the README's jest example compiled with
// `tsc --strict` and run with jest, as CommonJS and as ESM (both at once: each mostly waits on
// its compiler). The compiler, jest and the example's ambient types (jest, node: what any Node
// jest project has) come from this repo, so only the tarball is installed. The compiler checks
// what the tarball brought (test/helpers/tsc-installed.js): the CommonJS project every .d.ts it
// installed, the package's and its dependencies'; the ESM project the package's own, whose
// imports resolve anew under nodenext (the dependencies' are checked once, in the first).
const root = path.resolve(__dirname, '..', '..');
const bin = (name: string) => path.join(root, 'node_modules', ...name.split('/'));
const TSC = path.join(__dirname, '..', 'helpers', 'tsc-installed.js');
const JEST = bin('jest/bin/jest.js');
// readme-in-sync.test.ts holds this file to the README's block.
const EXAMPLE = path.join(__dirname, 'readme-example.test.ts');

/** The compiler options of a user's strict project; `module` decides CommonJS or ESM output. */
function tsconfig(module: 'commonjs' | 'nodenext'): string {
  const compilerOptions = {
    strict: true,
    target: 'es2022',
    module,
    moduleResolution: module === 'commonjs' ? 'node10' : 'nodenext',
    outDir: 'out',
    // No skipLibCheck: the shipped .d.ts files are checked like the user's own code. TypeScript's
    // own lib.*.d.ts are not this package's to check (a third of the compiler's time).
    skipDefaultLibCheck: true,
    typeRoots: [path.join(root, 'node_modules', '@types')],
    types: ['jest', 'node'],
  };
  return JSON.stringify({ compilerOptions, include: ['*.ts'] }, null, 2);
}

const JEST_CONFIG = JSON.stringify({ testEnvironment: 'node', testMatch: ['**/*.test.js'], transform: {} });

const KINDS = [
  ['CommonJS', 'commonjs', 'commonjs'],
  ['ESM', 'module', 'nodenext'],
] as const;
type Kind = (typeof KINDS)[number][1];

/** The README example in a sub-project of `type`: compiled, then run with jest. */
async function tryExample(project: string, type: Kind, module: 'commonjs' | 'nodenext'): Promise<[Run, Run]> {
  const dir = path.join(project, type);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `user-${type}`, private: true, type }));
  writeFileSync(path.join(dir, 'tsconfig.json'), tsconfig(module));
  copyFileSync(EXAMPLE, path.join(dir, 'readme-example.test.ts'));
  const checked = path.join(project, 'node_modules', ...(type === 'commonjs' ? [] : ['auth-sim']));
  const compiled = await runCommand(process.execPath, [TSC, checked], dir);
  const vmModules = type === 'module' ? { NODE_OPTIONS: '--experimental-vm-modules' } : {};
  const config = ['--ci', '--rootDir', path.join(dir, 'out'), '--config', JEST_CONFIG];
  const tested = await runCommand(process.execPath, [JEST, ...config], dir, vmModules);
  return [compiled, tested];
}

let project: string;
const tried = new Map<Kind, [Run, Run]>();

beforeAll(async () => {
  project = await installedProject();
  const runs = await Promise.all(KINDS.map(([, type, module]) => tryExample(project, type, module)));
  KINDS.forEach(([, type], i) => tried.set(type, runs[i]));
}, 240_000);

test.each(KINDS)('the README jest example compiles under tsc --strict and passes, %s', (_name, type) => {
  const [compiled, tested] = tried.get(type)!;
  expect(compiled.output).toBe('');
  expect(compiled.status).toBe(0);
  expect(tested.output).toMatch(/Tests: +5 passed, 5 total/);
  expect(tested.status).toBe(0);
});

test('the exports map keeps require("auth-sim") and adds auth-sim/testcontainers, for require and import alike', async () => {
  const entry = path.join(project, 'node_modules', 'auth-sim', 'dist', 'testcontainers', 'index.js');
  const cjs = await runCommand(
    process.execPath,
    ['-e', "console.log(typeof require('auth-sim').startSimulator, require.resolve('auth-sim/testcontainers'))"],
    project,
  );
  expect(cjs.output).toBe(`function ${entry}\n`);
  const esm = await runCommand(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('auth-sim'); console.log(typeof m.startSimulator, import.meta.resolve('auth-sim/testcontainers'))",
    ],
    project,
  );
  expect(esm.output).toBe(`function ${pathToFileURL(entry).href}\n`);
});
