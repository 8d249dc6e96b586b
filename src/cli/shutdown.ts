import { InvalidArgumentError, Option } from 'commander';
import { MAX_TIMER_MS, parseDuration } from '../scenario/base/duration';
import type { Simulator } from '../server/run-simulator';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '../server/start-server';
import type { Logger } from './logger';
import type { RequestLog } from './request-log';

/** How long the last output may take to reach a reader before the process exits anyway. */
const LAST_WORDS_MS = 1000;

/** serve's --shutdown-grace. */
export const SHUTDOWN_GRACE_OPTION = new Option(
  '--shutdown-grace <duration>',
  'on Ctrl-C or SIGTERM, how long in-flight requests (delays, hangs) may take before their connections are cut: "5s", "500ms", 0',
)
  .default(DEFAULT_SHUTDOWN_GRACE_MS, '5s')
  .argParser(parseGrace);

/** A duration from 0 to 2^31-1 ms: "5s", "500ms", "1m", or bare milliseconds. */
function parseGrace(value: string): number {
  const ms = parseDuration(value);
  if (ms === undefined || ms > MAX_TIMER_MS)
    throw new InvalidArgumentError(
      `--shutdown-grace must be a duration like "5s", "500ms" or 0 (at most ${MAX_TIMER_MS} ms), got "${value}"`,
    );
  return ms;
}

/**
 * On SIGINT or SIGTERM: stop accepting, let in-flight requests finish (the simulator's grace),
 * say how many request lines were dropped and the last words (the caller report), then exit without waiting for a reader that stopped
 * reading stdout (queued output would otherwise hold the process open).
 */
export function stopOnSignals(
  simulator: Simulator,
  logger: Logger,
  graceMs: number,
  requestLog: RequestLog | undefined,
  lastWords: () => Promise<void> = async () => undefined,
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: finishing in-flight requests (up to ${graceMs} ms), then stopping`);
    void simulator.close().then(async () => {
      requestLog?.flush();
      await lastWords();
      if (requestLog?.dropped)
        logger.warn(`${requestLog.dropped} request lines were dropped in all: the output was not keeping up`);
      logger.info('stopped');
      exitOnceWritten();
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** Exits once stdout and stderr have taken what was written, or after LAST_WORDS_MS at most. */
export function exitOnceWritten(): void {
  let waiting = 2;
  const done = () => {
    if (--waiting === 0) process.exit();
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
  setTimeout(() => process.exit(), LAST_WORDS_MS);
}
