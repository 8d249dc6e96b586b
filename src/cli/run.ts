import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Command } from 'commander';
import { formatJunit } from '../caller-report/format-junit';
import { formatMarkdown } from '../caller-report/format-markdown';
import { formatHtml } from '../caller-report/format-html';
import type { JudgedReport } from '../caller-report/judge-report';
import { createLogger, type Logger } from './logger';
import { PROTOCOL_PATH } from '../protocol/endpoints';
import { addServeOptions, startServing, type ServeFlags } from './serve';
import { printReportSummary } from './report-summary';
import { exitOnceWritten } from './shutdown';
import type { Simulator } from '../server/run-simulator';

interface RunFlags extends ServeFlags {
  reportFile?: string;
}

/** The report file's form, by its extension. */
const REPORT_FILE_FORMATS: Readonly<Record<string, (report: JudgedReport) => string>> = {
  '.xml': formatJunit,
  '.json': (report) => `${JSON.stringify(report, null, 2)}\n`,
  '.md': formatMarkdown,
  '.html': formatHtml,
};

const USAGE_EXIT = 2;

/**
 * `auth-sim run [serve options] -- <command...>`: serves the scenarios, runs the command with
 * AUTH_SIM_URL and AUTH_SIM_ADMIN_URL set, and when it exits prints the caller report and writes
 * --report-file. Exit code: the command's own when it failed, else 1 if the verdict fails, else
 * 0; 2 when the command cannot be started or the arguments are wrong.
 */
export function registerRun(program: Command): void {
  const command = program
    .command('run')
    .description('serve the scenarios while a command runs (your tests), then judge the caller: one exit code for both')
    .usage('[serve options] [--report-file <path>] -- <command...>')
    .argument('[command...]', 'the command to run, after --')
    .option(
      '--report-file <path>',
      'also write the caller report: JUnit XML (.xml), JSON (.json), Markdown (.md) or a self-contained HTML page (.html)',
    )
    .addHelpText(
      'after',
      `\nExamples:\n  $ auth-sim run --scenarios qa/ --report-file auth-sim.xml -- npm test\n  $ auth-sim run -s qa/ -- sh -c 'curl "$AUTH_SIM_URL${PROTOCOL_PATH}/alice"'`,
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
    const simulator = await startServing(flags, logger, undefined);
    if (!simulator) return;
    const exit = await runCommand(args, simulator, logger);
    const report = await printReportSummary(simulator, logger, true);
    if (report !== null && flags.reportFile)
      writeFileSync(flags.reportFile, REPORT_FILE_FORMATS[extname(flags.reportFile)](report));
    await simulator.close(0);
    process.exitCode = exit.code !== 0 ? exit.code : report?.verdict === 'fail' ? 1 : 0;
    exitOnceWritten();
  });
}

/** What is wrong with the arguments, or null. */
function usageProblem(rawArgs: readonly string[], args: readonly string[], flags: RunFlags): string | null {
  if (!rawArgs.includes('--')) return 'run needs -- before the command to run, e.g. auth-sim run -s qa/ -- npm test';
  if (args.length === 0) return 'run needs a command after --, e.g. auth-sim run -s qa/ -- npm test';
  if (flags.reportFile !== undefined && !(extname(flags.reportFile) in REPORT_FILE_FORMATS))
    return `--report-file must end in .xml (JUnit), .json, .md (Markdown) or .html, got "${flags.reportFile}"`;
  return null;
}

/**
 * Runs the command with inherited stdio and the simulator's URLs in its environment, forwarding
 * SIGINT and SIGTERM to it. A command that cannot start resolves with code 2 after saying why;
 * one killed by a signal with 128 + the signal's number, as a shell reports it.
 */
function runCommand(args: readonly string[], simulator: Simulator, logger: Logger): Promise<{ code: number }> {
  return new Promise((resolve) => {
    const child = spawn(args[0], args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, AUTH_SIM_URL: simulator.url, AUTH_SIM_ADMIN_URL: simulator.adminUrl ?? '' },
    });
    const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
    const onInt = forward('SIGINT');
    const onTerm = forward('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    const done = (code: number) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve({ code });
    };
    child.once('error', (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'ENOENT' ? 'no such command' : error.code === 'EACCES' ? 'not executable' : error.message;
      logger.error(`could not start ${JSON.stringify(args[0])}: ${why} (${error.code ?? 'error'})`);
      done(USAGE_EXIT);
    });
    child.once('exit', (code, signal) => done(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)));
  });
}
