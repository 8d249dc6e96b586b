import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

/** The built CLI launcher, as `npx auth-sim` runs it (npm test builds dist/ first). */
export const CLI = path.resolve(__dirname, '..', '..', 'bin', 'auth-sim.js');

/** The environment tests run the CLI in: no colours, as when its output is not a terminal. */
export function cliEnv(): NodeJS.ProcessEnv {
  return { ...process.env, NO_COLOR: '1' };
}

/** A running `auth-sim` process and everything it has printed so far. */
export interface CliProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has ended. */
  exited(): Promise<number | null>;
  stop(): Promise<number | null>;
}

/**
 * Starts the CLI and resolves once it prints its `listening on` line (rejects if it exits first).
 * `command` runs another launcher (`npx auth-sim`) in a process group of its own, which stop()
 * signals as a whole: npx does not pass SIGTERM on to the server it starts.
 */
export function startCli(
  args: string[],
  options: { cwd?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv; command?: readonly string[] } = {},
): Promise<CliProcess> {
  const [program, ...before] = options.command ?? [process.execPath, CLI];
  const child = spawn(program, [...before, ...args], {
    cwd: options.cwd,
    env: { ...cliEnv(), ...options.env },
    detached: options.command !== undefined,
  });
  let out = '';
  let err = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "listening on" line within the time limit; stderr: ${err}`)),
      options.timeoutMs ?? 15_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /listening on (https?:\/\/\S+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        child,
        url: match[1],
        stdout: () => out,
        stderr: () => err,
        exited: () => exit,
        stop: () => (options.command ? process.kill(-child.pid!, 'SIGTERM') : child.kill('SIGTERM'), exit),
      });
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`auth-sim exited with ${code} before listening; stderr: ${err}`));
    });
  });
}

/** Runs the CLI to completion (for validate, generate, --help); `command` as for startCli. */
export function runCli(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; command?: readonly string[] } = {},
): { status: number | null; stdout: string; stderr: string } {
  const [program, ...before] = options.command ?? [process.execPath, CLI];
  const result = spawnSync(program, [...before, ...args], {
    cwd: options.cwd,
    encoding: 'utf8',
    env: { ...cliEnv(), ...options.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
