import { spawn, type ChildProcess } from 'node:child_process';
import { CLI, cliEnv } from './spawn-cli';
import { waitFor } from './wait-for';

/** A running `auth-sim run` (or any CLI command) and what it has printed so far. */
export interface StartedRun {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the time (Date.now()) stdout first holds `text`. */
  whenPrinted(text: string, timeoutMs?: number): Promise<number>;
  /**
   * Resolves when the process itself has ended, with its code and the time: 'exit', not 'close',
   * so a grandchild still holding the pipes cannot hide that run ended.
   */
  readonly exited: Promise<{ code: number | null; at: number }>;
}

/** Starts the CLI with `args` in `cwd` without waiting for any line, for tests that signal it or time its end. */
export function startRun(args: string[], cwd: string): StartedRun {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env: cliEnv() });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    whenPrinted: (text, timeoutMs = 15_000) =>
      waitFor(() => out.includes(text) && Date.now(), { timeoutMs, what: `"${text}" on stdout` }).catch(
        (error: Error) => {
          throw new Error(`${error.message}; stdout so far: ${out}; stderr: ${err}`);
        },
      ),
    exited,
  };
}
