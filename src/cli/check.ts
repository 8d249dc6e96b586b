import { InvalidArgumentError, Option, type Command } from 'commander';
import { CHECK_FORMATS, formatReport, type CheckFormat } from '../check/format-report';
import { countFindings, runCheck } from '../check/run-check';
import { MODULES } from '../protocol/modules';
import { LATEST_VERSION, PROTOCOL_VERSIONS } from '../protocol/versions';
import { WIRE_STYLES } from '../protocol/wire-encode';
import { MAX_TIMER_MS, parseDuration } from '../scenario/base/duration';
import { collect } from './default-scenarios';
import { baseUrlProblem } from './usage-checks';
import { sizeParser } from './limit-flags';
import { DEFAULT_MAX_BODY_BYTES } from '../check/fetch-answer';
import { formatByteSize } from '../scenario/base/size-limits';
import { parseModules, toolboxSettings, type ToolboxFlags } from './toolbox-flags';

interface CheckFlags extends ToolboxFlags {
  token: string[];
  unknownToken?: string;
  timeout: number;
  maxBody: number;
  format: CheckFormat;
}

/** The flags that say which protocol the service is held to: serve's, with serve's parsers and defaults. */
export const HELD_TO_OPTIONS: readonly Option[] = [
  new Option('--protocol <version>', `hold the service to this protocol version (default: ${LATEST_VERSION})`).choices(
    PROTOCOL_VERSIONS,
  ),
  new Option(
    '--modules <list>',
    `the modules installed where the service runs, comma-separated, or "none" (default: all: ${MODULES.join(',')})`,
  ).argParser(parseModules),
  new Option(
    '--wire <style>',
    'the scalar style the service must send: strings (every scalar a JSON string) or typed (default: strings)',
  ).choices(WIRE_STYLES),
];

/**
 * `auth-sim check <base-url> --token T ...`: asks a live authorization service for each token by
 * GET and POST and reports every way its answers break the protocol; exit 1 on any error.
 */
export function registerCheck(program: Command): void {
  const command = program
    .command('check')
    .description('check a live authorization service against the protocol; exits 1 on any error')
    .argument('<base-url>', 'the service, e.g. http://crm.local:8080 (the protocol path is appended)')
    .requiredOption(
      '--token <token>',
      'a token to ask for (repeatable); one the service refuses is checked as an error answer',
      collect,
    )
    .option('--unknown-token <token>', 'a token the service must refuse (default: a random one)')
    .addOption(
      new Option('--timeout <duration>', 'time allowed per request: "5s", "800ms"')
        .argParser(parseTimeout)
        .default(5000, '5s'),
    )
    .addOption(maxBodyOption('a larger one is an error'))
    .addOption(new Option('--format <format>', 'report format').choices(CHECK_FORMATS).default('text'));
  for (const option of HELD_TO_OPTIONS) command.addOption(option);
  command
    .addHelpText(
      'after',
      '\nExamples:\n  $ auth-sim check http://127.0.0.1:8080 --token alice --token bob-corp\n  $ auth-sim check https://crm.example/api --token T1 --protocol 1.3 --modules retail --format junit > check.xml',
    )
    .action(async (baseUrl: string, flags: CheckFlags, command: Command) => {
      // Usage errors up front, exit 2: no request is sent to a URL fetch would refuse each time.
      const wrong = baseUrlProblem('<base-url>', baseUrl);
      if (wrong !== null) command.error(`auth-sim: ${wrong}`, { exitCode: 2 });
      const report = await runCheck({
        baseUrl,
        tokens: flags.token,
        limits: { timeoutMs: flags.timeout, maxBodyBytes: flags.maxBody },
        wire: toolboxSettings(flags).wire,
        ...(flags.unknownToken !== undefined ? { unknownToken: flags.unknownToken } : {}),
      });
      process.stdout.write(formatReport(report, flags.format));
      if (countFindings(report).errors > 0) process.exitCode = 1;
    });
}

/** --max-body (check and record): the largest answer body read from the service; `over` says what happens past it. */
export function maxBodyOption(over: string): Option {
  return new Option('--max-body <size>', `largest answer body read from the service, e.g. 16mb; ${over}`)
    .default(DEFAULT_MAX_BODY_BYTES, formatByteSize(DEFAULT_MAX_BODY_BYTES))
    .argParser(sizeParser('--max-body'));
}

/** A duration as scenario files write one ("5s", "800ms", or milliseconds), that a timer can hold. */
export function parseTimeout(value: string): number {
  const ms = parseDuration(value);
  if (ms === undefined || ms <= 0 || ms > MAX_TIMER_MS)
    throw new InvalidArgumentError(`write a duration: "5s", "800ms" or milliseconds (at most ${MAX_TIMER_MS})`);
  return ms;
}
