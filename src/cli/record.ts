import { DEFAULT_HOST } from '../server/simulator-options';
import { Option, type Command } from 'commander';
import { requestLine } from '../check/format-report';
import { escapeControls } from '../scenario/base/escape-controls';
import { formatFinding } from '../check/finding';
import { requestRecord } from '../check/run-check';
import { createRecordProxy, type ProxyEvent } from '../record/record-proxy';
import { createRecorder } from '../record/recorder';
import { createRedactor } from '../record/redact-entry';
import { startServer } from '../server/start-server';
import { HELD_TO_OPTIONS, maxBodyOption, parseTimeout } from './check';
import { createLogger, type Logger } from './logger';
import { parsePort } from './serve';
import { outFileProblem } from './usage-checks';
import { proxyTarget } from '../record/proxy-target';
import { parseSeed, toolboxSettings, type ToolboxFlags } from './toolbox-flags';

interface RecordFlags extends ToolboxFlags {
  target: string;
  out: string;
  port: number;
  host: string;
  timeout: number;
  maxBody: number;
  redact?: boolean;
  keepDelays?: boolean;
}

/** The default --seed of --redact: fixed, so two recordings of the same service redact alike unless told otherwise. */
const DEFAULT_REDACT_SEED = 1;

/**
 * `auth-sim record --target URL --out FILE`: a proxy in front of the real service that passes every
 * answer back unchanged, checks it as `check` does, and writes each token's answer as a scenario entry.
 */
export function registerRecord(program: Command): void {
  const command = program
    .command('record')
    .description('proxy to a real authorization service and record its answers as a scenario file')
    .requiredOption('--target <base-url>', 'the real service, e.g. http://crm.local:8080')
    .requiredOption('-o, --out <file>', 'the scenario file to write (rewritten whole after each new token)')
    .addOption(
      new Option('-p, --port <number>', 'port to listen on; 0 picks a free one').default(8081).argParser(parsePort),
    )
    .option('-H, --host <host>', 'interface to listen on', DEFAULT_HOST)
    .addOption(
      new Option('--timeout <duration>', 'how long to wait for the service before answering 504')
        .argParser(parseTimeout)
        .default(60_000, '60s'),
    )
    .addOption(maxBodyOption('a larger answer is passed on but not recorded, a larger request body refused (413)'))
    .option(
      '--redact',
      'replace personal data (names, phones, e-mails, INNs, OGRNs, accounts, birth dates, secret words, company names and addresses) with synthetic values',
    )
    .addOption(
      new Option('--seed <number>', `seed of the --redact stand-ins (default ${DEFAULT_REDACT_SEED})`).argParser(
        parseSeed,
      ),
    )
    .option('--keep-delays', "write each measured delay as the entry's delay: (default: as a comment)");
  for (const option of HELD_TO_OPTIONS) command.addOption(option);
  command
    .addHelpText(
      'after',
      '\nExample:\n  $ auth-sim record --target http://crm.local:8080 --out scenarios/recorded.yaml --redact --port 8081\n  (point the chat server at http://127.0.0.1:8081)',
    )
    .action(async (flags: RecordFlags, command: Command) => {
      // Usage errors up front, exit 2, before anything listens or is written.
      // The target as shown and written in the file: credentials in its URL go only as `authorization`.
      const target = proxyTarget('--target', flags.target);
      const wrong = 'problem' in target ? target.problem : outFileProblem('--out', flags.out);
      if (wrong !== null || 'problem' in target) return command.error(`auth-sim: ${wrong}`, { exitCode: 2 });
      const logger = createLogger();
      const { wire } = toolboxSettings(flags);
      const recorder = createRecorder({
        out: flags.out,
        target: target.base,
        wire,
        keepDelays: flags.keepDelays === true,
        ...(flags.redact ? { redact: createRedactor(flags.seed ?? DEFAULT_REDACT_SEED) } : {}),
      });
      const proxy = createRecordProxy({
        target: flags.target,
        wire,
        limits: { timeoutMs: flags.timeout, maxBodyBytes: flags.maxBody },
        recorder,
        onEvent: (e) => logEvent(logger, e),
      });
      const server = await startServer(proxy, () => false, flags.port, flags.host);
      logger.info(`recording ${target.base} into ${flags.out}${flags.redact ? ' (redacted)' : ''}`);
      logger.info(`listening on ${server.url}  (point the chat server here)`);
      const stop = (signal: string) => {
        logger.info(`${signal}: ${recorder.tokens().length} token(s) recorded in ${flags.out}`);
        void server.close(1000);
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    });
}

function logEvent(logger: Logger, e: ProxyEvent): void {
  const line = requestLine(requestRecord(e.token, e.method, 'known', e.outcome));
  const what =
    e.recorded === undefined
      ? 'not recorded'
      : e.recorded.kind === 'recorded'
        ? e.recorded.replaysSameBytes
          ? 'recorded'
          : 'recorded (replays other bytes)'
        : 'already recorded';
  // Tokens and answers come from outside: their control characters are shown escaped, never sent to the terminal.
  logger.info(escapeControls(`${line}: ${what}`));
  if (e.recorded?.kind === 'kept' && e.recorded.differs)
    logger.warn(
      escapeControls(
        `${e.token} ${e.method}: this answer differs from the one recorded; the recording keeps the first`,
      ),
    );
  for (const f of e.findings) {
    if (f.severity === 'error') logger.error(escapeControls(formatFinding(f)));
    else logger.warn(escapeControls(formatFinding(f)));
  }
}
