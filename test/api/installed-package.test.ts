import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

// The package as a user gets it: `npm pack`, the tarball installed into a project of its own
// (outside this repo, so nothing resolves to our devDependencies), the README's jest example
// compiled with `tsc --strict` and run with jest, as CommonJS and as ESM. npm test builds dist/
// first, so the pack skips `prepare`. The compiler, jest and the example's ambient types (jest,
// node: what any Node jest project has) come from this repo, so only the tarball is installed.
const root = path.resolve(__dirname, '..', '..');
const bin = (name: string) => path.join(root, 'node_modules', ...name.split('/'));
const TSC = bin('typescript/bin/tsc');
const JEST = bin('jest/bin/jest.js');
// readme-in-sync.test.ts holds this file to the README's block.
const EXAMPLE = path.join(__dirname, 'readme-example.test.ts');

interface Run {
  status: number | null;
  output: string;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Run {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    timeout: 240_000,
  });
  return {
    status: result.status,
    output: `${result.stdout}${result.stderr}${result.error ? String(result.error) : ''}`,
  };
}

/** The compiler options of a user's strict project; `module` decides CommonJS or ESM output. */
function tsconfig(module: 'commonjs' | 'nodenext'): string {
  const compilerOptions = {
    strict: true,
    target: 'es2022',
    module,
    moduleResolution: module === 'commonjs' ? 'node10' : 'nodenext',
    outDir: 'out',
    // No skipLibCheck: the shipped .d.ts files are checked like the user's own code.
    typeRoots: [path.join(root, 'node_modules', '@types')],
    types: ['jest', 'node'],
  };
  return JSON.stringify({ compilerOptions, include: ['*.ts'] }, null, 2);
}

const JEST_CONFIG = JSON.stringify({ testEnvironment: 'node', testMatch: ['**/*.test.js'], transform: {} });

let dir: TempDir;

beforeAll(() => {
  dir = makeTempDir('auth-sim-installed-');
  const pack = run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir.path], root);
  expect(pack.status).toBe(0);
  const tarball = readdirSync(dir.path).find((name) => name.endsWith('.tgz'));
  expect(tarball).toBeDefined();
  dir.write('project/package.json', JSON.stringify({ name: 'user-project', private: true }));
  const install = run(
    'npm',
    [
      'install',
      path.join(dir.path, tarball!),
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-package-lock',
    ],
    path.join(dir.path, 'project'),
  );
  if (install.status !== 0) throw new Error(`npm install of the tarball failed:\n${install.output}`);
}, 240_000);

afterAll(() => dir?.remove());

test.each([
  ['CommonJS', 'commonjs', 'commonjs'],
  ['ESM', 'module', 'nodenext'],
] as const)(
  'the README jest example compiles under tsc --strict and passes, %s',
  (_name, type, module) => {
    const project = path.join(dir.path, 'project', type);
    dir.write(`project/${type}/package.json`, JSON.stringify({ name: `user-${type}`, private: true, type }));
    dir.write(`project/${type}/tsconfig.json`, tsconfig(module));
    copyFileSync(EXAMPLE, path.join(project, 'readme-example.test.ts'));

    const compiled = run(process.execPath, [TSC, '-p', 'tsconfig.json'], project);
    expect(compiled.output).toBe('');
    expect(compiled.status).toBe(0);

    const vmModules = type === 'module' ? { NODE_OPTIONS: '--experimental-vm-modules' } : {};
    const tested = run(
      process.execPath,
      [JEST, '--ci', '--rootDir', path.join(project, 'out'), '--config', JEST_CONFIG],
      project,
      vmModules,
    );
    expect(tested.output).toMatch(/Tests: +4 passed, 4 total/);
    expect(tested.status).toBe(0);
  },
  120_000,
);
