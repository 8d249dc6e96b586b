import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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

/** Packs this package (npm test has built dist/, so `prepare` is skipped) and installs it in a fresh project. */
async function packAndInstall(project: string): Promise<Run> {
  const pack = await runCommand('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', project], ROOT);
  if (pack.status !== 0 || !existsSync(path.join(project, TARBALL))) return pack;
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
  return runCommand('npm', [...INSTALL_ARGS, ...OFFLINE_ARGS], project);
}

/**
 * The folder of a user's project with the packed tarball installed by the README's command,
 * outside this repo (nothing resolves to our devDependencies); packed and installed once per run.
 */
export function installedProject(): Promise<string> {
  return oncePerRun('user-project', 'the tarball another suite packs and installs', async (project) => {
    const run = await packAndInstall(project);
    if (run.status !== 0) throw new Error(`npm pack, or npm install of the tarball, failed:\n${run.output}`);
    return project;
  });
}
