import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { Logger } from './logger';

/** The signals `run` passes on to its command's process group. */
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGQUIT', 'SIGHUP'] as const;

/** How long the command may take to end after a forwarded signal before its group gets SIGKILL. */
export const DEFAULT_KILL_AFTER_MS = 5000;

/** The command's end: its exit code, or 128 + the signal's number when a signal ended it (as a shell says). */
export interface CommandEnd {
  readonly code: number;
  /** false when the command could not be started at all (said why). */
  readonly started: boolean;
  /** Stops whatever the command left running in its group: SIGKILL, since the command itself is over. */
  readonly killLeftovers: () => boolean;
}

/**
 * Runs the command with inherited stdio in a process group of its own, so a signal reaches
 * everything it started (a test runner's workers, a server a script left behind), not only the
 * direct child. SIGINT, SIGTERM, SIGQUIT and SIGHUP sent to `run` go to the whole group; if the
 * command has not ended `killAfterMs` later, the group gets SIGKILL. When the command ends, what is
 * left of its group gets SIGTERM.
 *
 * Hand-written on `spawn({ detached })` and `process.kill(-pgid)`: execa (whose `cleanup` and
 * `forceKillAfterDelay` this follows) is ESM-only since v6, which jest cannot load as CommonJS, and
 * signals only the direct child; tree-kill walks `ps`, racing with processes as they start.
 */
export function runInGroup(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  killAfterMs: number,
  logger: Logger,
): Promise<CommandEnd> {
  return new Promise((resolve) => {
    const child = spawn(args[0], args.slice(1), { stdio: 'inherit', env, detached: true });
    const group = child.pid;
    let killTimer: NodeJS.Timeout | undefined;
    const forward = (signal: NodeJS.Signals) => {
      signalGroup(group, signal);
      killTimer ??= setTimeout(() => {
        logger.warn(`the command did not end within ${killAfterMs} ms of ${signal}: sending SIGKILL to its processes`);
        signalGroup(group, 'SIGKILL');
      }, killAfterMs);
    };
    const handlers = FORWARDED_SIGNALS.map((signal) => [signal, () => forward(signal)] as const);
    for (const [signal, handler] of handlers) process.on(signal, handler);
    const done = (code: number, started: boolean) => {
      clearTimeout(killTimer);
      for (const [signal, handler] of handlers) process.off(signal, handler);
      if (started) signalGroup(group, 'SIGTERM');
      resolve({ code, started, killLeftovers: () => signalGroup(group, 'SIGKILL') });
    };
    child.once('error', (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'ENOENT' ? 'no such command' : error.code === 'EACCES' ? 'not executable' : error.message;
      logger.error(`could not start ${JSON.stringify(args[0])}: ${why} (${error.code ?? 'error'})`);
      done(2, false);
    });
    child.once('exit', (code, signal) => done(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0), true));
  });
}

/** Sends `signal` to every process of the group; false when none is left. */
function signalGroup(group: number | undefined, signal: NodeJS.Signals): boolean {
  if (group === undefined) return false;
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    // ESRCH: the group is empty, everything in it has ended.
    return false;
  }
}
