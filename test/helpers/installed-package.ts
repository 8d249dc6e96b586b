import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RUN_DIR_VARIABLE } from './test-run-dir';
import { waitFor } from './wait-for';

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
 * outside this repo (nothing resolves to our devDependencies). One `jest` run packs and installs
 * once: the first suite to ask does it, under a lock (mkdir is atomic; proper-lockfile would add
 * stale-lock handling a folder that lives for one run does not need), the others wait for its outcome.
 */
export async function installedProject(): Promise<string> {
  const runDir = process.env[RUN_DIR_VARIABLE];
  if (!runDir)
    throw new Error(`${RUN_DIR_VARIABLE} is not set: run jest with jest.config.js, whose globalSetup sets it`);
  const project = path.join(runDir, 'user-project');
  const outcome = path.join(runDir, 'user-project.json');
  let first = true;
  try {
    mkdirSync(project);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    first = false;
  }
  if (first) {
    const run = await packAndInstall(project);
    writeFileSync(`${outcome}.part`, JSON.stringify(run));
    renameSync(`${outcome}.part`, outcome);
  } else {
    await waitFor(() => existsSync(outcome), {
      timeoutMs: 240_000,
      intervalMs: 100,
      what: 'the tarball that another suite packs and installs',
    });
  }
  const run = JSON.parse(readFileSync(outcome, 'utf8')) as Run;
  if (run.status !== 0) throw new Error(`npm pack, or npm install of the tarball, failed:\n${run.output}`);
  return project;
}
