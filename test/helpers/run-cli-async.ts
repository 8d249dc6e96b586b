import { spawn } from 'node:child_process';
import { CLI, cliEnv } from './spawn-cli';

/** What a finished CLI run printed, and its exit code. */
export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the CLI to completion without blocking this process: for commands that talk to a server
 * the test itself runs (runCli's spawnSync would stop that server from answering).
 */
export function runCliAsync(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: { ...cliEnv(), ...options.env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}
