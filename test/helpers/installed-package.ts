import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { oncePerRun } from './test-run-dir';

const ROOT = path.resolve(__dirname, '..', '..');
const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

/** The file `npm pack` makes of this package. */
export const TARBALL = `auth-sim-${version}.tgz`;
/** docs/hybrid-and-outage.md's command that installs the tarball in a user's project, as run here. */
export const INSTALL_ARGS = ['install', '--save-dev', `./${TARBALL}`];
/** Only the registry is reachable, and `npm ci` has filled the cache: no network round trip is needed. */
const OFFLINE_ARGS = ['--prefer-offline', '--no-audit', '--no-fund'];

/** A finished command: its exit code and everything it printed, stdout then stderr. */
export interface Run {
  readonly status: number | null;
  readonly output: string;
}

/**
 * A user's own shell: none of the npm_* variables `npm test` hands its script (npm_config_local_prefix
 * would point npx at this repo's copy), no colours. Unset as undefined, which spawn leaves out.
 */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const npm = Object.keys(process.env).filter((name) => /^npm_/i.test(name));
  return { ...process.env, ...Object.fromEntries(npm.map((name) => [name, undefined])), NO_COLOR: '1', ...extra };
}

/** Runs a command to completion without blocking this process (so suites can run two at once). */
export function runCommand(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const child = spawn(command, args, { cwd, env: userEnv(env), timeout: 240_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ status: null, output: `${stdout}${stderr}${String(error)}` }));
    child.once('close', (status) => resolve({ status, output: `${stdout}${stderr}` }));
  });
}

/** This package as `npm pack` makes it: the tarball, and the paths of the files in it. */
export interface Packed {
  readonly tarball: string;
  readonly files: readonly string[];
}

/**
 * Packs this package once per run (npm test has built dist/, so `prepare` is skipped), for the
 * suites that install it and the one that reads what it ships.
 */
export function packedPackage(): Promise<Packed> {
  return oncePerRun('packed', 'the tarball another suite packs', async (dir) => {
    const pack = await runCommand(
      'npm',
      ['pack', '--ignore-scripts', '--silent', '--json', '--pack-destination', dir],
      ROOT,
    );
    if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.output}`);
    const [{ filename, files }] = JSON.parse(pack.output) as { filename: string; files: { path: string }[] }[];
    return { tarball: path.join(dir, filename), files: files.map((file) => file.path) };
  });
}

/** Installs the packed tarball in a fresh project, from the project's own copy, as the docs say. */
async function install(project: string): Promise<Run> {
  copyFileSync((await packedPackage()).tarball, path.join(project, TARBALL));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
  return runCommand('npm', [...INSTALL_ARGS, ...OFFLINE_ARGS], project);
}

/**
 * The folder of a user's project with the packed tarball installed by the README's command,
 * outside this repo (nothing resolves to our devDependencies); packed and installed once per run.
 */
export function installedProject(): Promise<string> {
  return oncePerRun('user-project', 'the tarball another suite packs and installs', async (project) => {
    const run = await install(project);
    if (run.status !== 0) throw new Error(`npm install of the tarball failed:\n${run.output}`);
    return project;
  });
}
