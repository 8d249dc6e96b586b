import { InvalidArgumentError, Option, type Command } from 'commander';
import { createLogger, type Logger } from './logger';
import { PROTOCOL_PATH } from '../protocol/endpoints';
import { MAX_TIMER_MS, parseDuration } from '../scenario/base/duration';
import { addServeOptions, startServing, type ServeFlags } from './serve';
import { printReportSummary } from './report-summary';
import { exitOnceWritten } from './shutdown';
import { notRunBecause } from './not-run-report';
import { isReportFileKind, writeReportFile } from './run-report-file';
import { DEFAULT_KILL_AFTER_MS, runInGroup, type CommandEnd } from './run-in-group';
import type { Simulator } from '../server/run-simulator';

interface RunFlags extends ServeFlags {
  reportFile?: string;
  killAfter: number;
}

const USAGE_EXIT = 2;
/** The exit code when the caller could not be judged: the simulator did not start, the report file could not be written. */
const CANNOT = 2;
/** How long the stopped simulator may take to close (Redis, the watcher) before run exits anyway. */
const CLOSE_WITHIN_MS = 1000;

/**
 * `auth-sim run [serve options] -- <command...>`: serves the scenarios, runs the command with
 * AUTH_SIM_URL and AUTH_SIM_ADMIN_URL set, and when it exits prints the caller report and writes
 * --report-file. Exit code: the command's own when it failed, else 2 if the report file could not
 * be written, else 1 if the verdict fails, else 0; 2 when the simulator does not start (the
 * command is not run), the command cannot be started or the arguments are wrong.
 */
export function registerRun(program: Command): void {
  const command = program
    .command('run')
    .description('serve the scenarios while a command runs (your tests), then judge the caller: one exit code for both')
    .usage('[serve options] [--report-file <path>] -- <command...>')
    .argument('[command...]', 'the command to run, after --')
    .option(
      '--report-file <path>',
      'also write the caller report: JUnit XML (.xml), JSON (.json), Markdown (.md) or one self-contained HTML page (.html); folders are made',
    )
    .addOption(
      new Option(
        '--kill-after <duration>',
        'after a signal passed on to the command, how long it may take to end before its processes get SIGKILL',
      )
        .default(DEFAULT_KILL_AFTER_MS, '5s')
        .argParser(parseKillAfter),
    )
    .addHelpText(
      'after',
      `\nExamples:\n  $ auth-sim run --scenarios qa/ --report-file reports/auth-sim.xml -- npm test\n  $ auth-sim run -s qa/ -- sh -c 'curl "$AUTH_SIM_URL${PROTOCOL_PATH}/alice"'`,
    )
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : USAGE_EXIT));
  addServeOptions(command, 0).action(async (args: string[], flags: RunFlags) => {
    const logger = createLogger({ quiet: flags.quiet, time: flags.logTime });
    const usage = usageProblem(process.argv.slice(2), args, flags);
    if (usage !== null) {
      logger.error(usage);
      logger.error(`usage: auth-sim run ${command.usage()}`);
      process.exitCode = USAGE_EXIT;
      return;
    }
    // The command's own output is what the user reads: no request lines, only the start-up lines.
    let notStarted: unknown;
    const simulator = await startServing(flags, logger, undefined, undefined, (error) => (notStarted = error));
    if (!simulator) {
      logger.error('the command was not run');
      if (flags.reportFile !== undefined)
        writeReportFile(flags.reportFile, { notRun: notRunBecause(notStarted) }, logger);
      process.exitCode = CANNOT;
      return exitOnceWritten();
    }
    const env = { ...process.env, AUTH_SIM_URL: simulator.url, AUTH_SIM_ADMIN_URL: simulator.adminUrl ?? '' };
    const end = await runInGroup(args, env, flags.killAfter, logger);
    const code = await judge(end, simulator, flags, logger);
    await Promise.race([
      simulator.close(0).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, CLOSE_WITHIN_MS).unref()),
    ]);
    if (end.killLeftovers())
      logger.warn('processes the command started were still running after it ended: stopped them (SIGKILL)');
    process.exitCode = code;
    exitOnceWritten();
  });
}

/**
 * Prints the summary and writes the report file; the exit code. Nothing here may keep run from
 * exiting: a failure is said and becomes exit 2, unless the command's own failure code wins.
 */
async function judge(end: CommandEnd, simulator: Simulator, flags: RunFlags, logger: Logger): Promise<number> {
  try {
    // The server stops with run: the lines past the first screen are in the report file, not its admin API.
    const whereAll =
      flags.reportFile !== undefined ? `${flags.reportFile} lists all` : '--report-file <path> writes all';
    const report = await printReportSummary(simulator, logger, true, whereAll);
    const written =
      report === null || flags.reportFile === undefined || writeReportFile(flags.reportFile, { report }, logger);
    if (end.code !== 0) return end.code;
    return !written ? CANNOT : report?.verdict === 'fail' ? 1 : 0;
  } catch (error) {
    logger.error(`could not judge the caller: ${(error as Error).message}`);
    return end.code !== 0 ? end.code : CANNOT;
  }
}

/** What is wrong with the arguments, or null. */
function usageProblem(rawArgs: readonly string[], args: readonly string[], flags: RunFlags): string | null {
  if (!rawArgs.includes('--')) return 'run needs -- before the command to run, e.g. auth-sim run -s qa/ -- npm test';
  if (args.length === 0) return 'run needs a command after --, e.g. auth-sim run -s qa/ -- npm test';
  if (flags.reportFile !== undefined && !isReportFileKind(flags.reportFile))
    return `--report-file must end in .xml (JUnit), .json, .md (Markdown) or .html, got "${flags.reportFile}"`;
  if (flags.reportFile !== undefined && flags.report === false)
    return '--report-file needs the caller report, which --no-report turns off; give one or the other';
  return null;
}

/** A duration from 0 to 2^31-1 ms: "5s", "500ms", or bare milliseconds. */
function parseKillAfter(value: string): number {
  const ms = parseDuration(value);
  if (ms === undefined || ms > MAX_TIMER_MS)
    throw new InvalidArgumentError(
      `--kill-after must be a duration like "5s", "500ms" or 0 (at most ${MAX_TIMER_MS} ms), got "${value}"`,
    );
  return ms;
}
