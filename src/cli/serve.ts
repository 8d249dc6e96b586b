import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_HOST } from '../server/simulator-options';
import { Option, type Command } from 'commander';
import { runSimulator, type Simulator } from '../server/run-simulator';
import { ScenarioError } from '../scenario/base/scenario-error';
import { PROTOCOL_PATH, PROTOCOL_REQUESTS } from '../protocol/endpoints';
import { tokenCount } from '../scenario/compile/scenario-set';
import { previewAnswer } from '../scenario/compile/compile-entry';
import { chooseScenarios, collect } from './default-scenarios';
import { keepServingWhenStdoutCloses } from './closed-stdout';
import { capYoungGeneration } from './young-generation';
import { writePortFile } from './port-file';
import type * as ProxyTargetModule from '../record/proxy-target';
import { pathsWithoutScenarioFiles, skippedNote } from '../scenario/base/read-scenario-sources';
import type { ScenarioSet } from '../scenario/compile/scenario-set';
import { throttledWarning } from './throttled-warning';
import { followReloads, warningsShown } from './follow-reloads';
import { createLogger, type Logger } from './logger';
import { reportProblems } from './report-problems';
import { CONTROL_OPTIONS, controlSettings, type ControlFlags } from './control-flags';
import { createRequestLog, type RequestLog } from './request-log';
import { SHUTDOWN_GRACE_OPTION, stopOnSignals } from './shutdown';
import { TOOLBOX_OPTIONS, toolboxSettings, type ToolboxFlags } from './toolbox-flags';
import { LIMIT_OPTIONS, limitSettings, type LimitFlags } from './limit-flags';
import type * as ReportSummaryModule from './report-summary';
import { REPORT_OPTIONS, reportSettings, type ReportFlags } from './report-flags';
import { isRedisConfigError, REDIS_OPTIONS, redisSettings, type RedisFlags } from './redis-flags';
import { describeSecurity, TLS_OPTIONS, tlsSettings, writeSelfSignedCert, type TlsFlags } from './tls-flags';
import type * as HybridProxyModule from './hybrid-proxy';

/** Failed handshakes are told one line per this window at most, the rest counted. */
const TLS_FAILURE_WINDOW_MS = 10_000;

/** Every flag serve takes; `run` takes the same. */
export interface ServeFlags extends ToolboxFlags, ControlFlags, ReportFlags, RedisFlags, TlsFlags, LimitFlags {
  scenarios?: string[];
  port: number;
  host: string;
  quiet?: boolean;
  portFile?: string;
  proxy?: string;
  watch: boolean;
  shutdownGrace: number;
}

/** `auth-sim [serve]`: loads scenarios and answers both protocol endpoints until stopped. */
export function registerServe(program: Command): Command {
  const command = program
    .command('serve', { isDefault: true })
    .description(`serve scenarios on ${PROTOCOL_REQUESTS} (the default command)`);
  return addServeOptions(command, 8080)
    .addHelpText(
      'after',
      `\nExamples:\n  $ auth-sim\n  $ auth-sim --scenarios ./scenarios --scenarios ./more.yaml --port 0\n  $ curl http://127.0.0.1:8080${PROTOCOL_PATH}/alice`,
    )
    .action(async (flags: ServeFlags) => {
      const logger = createLogger({
        quiet: flags.quiet,
        json: flags.log === 'json',
        beforeLine: () => requestLog?.flush(),
        time: flags.logTime,
      });
      const requestLog = createRequestLog(
        flags.log,
        flags.quiet,
        process.stdout,
        () => logger.warn('stdout is not keeping up: dropping request lines (and counting them) until it does'),
        flags.logTime,
      );
      await startServing(flags, logger, requestLog, (simulator) =>
        stopOnSignals(simulator, logger, flags.shutdownGrace, requestLog, async () => {
          // The caller report's code loads when the server stops, not before its first answer.
          const { printReportSummary } = require('./report-summary') as typeof ReportSummaryModule;
          await printReportSummary(simulator, logger, flags.report === true);
        }),
      );
    });
}

/** Adds serve's options to a command (serve itself, and run); `port` is the default port. */
export function addServeOptions(command: Command, port: number): Command {
  command
    .option(
      '-s, --scenarios <path>',
      'a scenario directory or file; repeat for more (default: ./scenarios, else the shipped examples)',
      collect,
    )
    .addOption(
      new Option('-p, --port <number>', 'port to listen on; 0 picks a free one').default(port).argParser(parsePort),
    )
    .option('-H, --host <host>', 'interface to listen on', DEFAULT_HOST)
    .option('-q, --quiet', 'print only problems (and, with --log json, the listening event)')
    .addOption(
      // Checked at start (proxyTarget), not by commander, whose message would repeat a password in the URL.
      new Option(
        '--proxy <base-url>',
        'hybrid mode: tokens no file or runtime entry names go to this real service, its answer passed back unchanged (user:password@ in the URL is sent as "authorization: Basic", never shown)',
      ).env('AUTH_SIM_PROXY'),
    )
    .option('--port-file <path>', 'once listening, write the port to this file (removed on exit), for scripts and CI');
  for (const option of TOOLBOX_OPTIONS) command.addOption(option);
  command.option('--no-watch', 'do not reload when scenario files change (SIGHUP still reloads)');
  for (const option of [
    ...CONTROL_OPTIONS,
    ...REPORT_OPTIONS,
    ...REDIS_OPTIONS,
    ...TLS_OPTIONS,
    SHUTDOWN_GRACE_OPTION,
    ...LIMIT_OPTIONS,
  ])
    command.addOption(option);
  return command;
}

/**
 * Loads the scenarios and listens, telling the user what it serves; undefined (exit code 1 set,
 * `onNotStarted` told why) when it cannot. `beforeAnnounce` runs before the port file and the `listening` line, which a
 * script may answer at once with a signal: its handlers must be in place by then, or the signal's
 * default action ends the process with nothing cleaned up.
 */
export async function startServing(
  flags: ServeFlags,
  logger: Logger,
  requestLog: RequestLog | undefined,
  beforeAnnounce: (simulator: Simulator) => void = () => undefined,
  onNotStarted: (error: unknown) => void = () => undefined,
): Promise<Simulator | undefined> {
  keepServingWhenStdoutCloses();
  const chosen = chooseScenarios(flags.scenarios);
  const paths = [...chosen.paths];
  const showWarnings = warningsShown(chosen.shippedBecause !== null);
  const tlsFailed = throttledWarning((line) => logger.warn(line), TLS_FAILURE_WINDOW_MS, 'TLS handshakes failed');
  try {
    if (flags.portFile !== undefined && !existsSync(path.dirname(path.resolve(flags.portFile))))
      throw new Error(`--port-file: the folder ${path.dirname(flags.portFile)} does not exist`);
    // Loaded with --proxy only: a plain start loads none of record's code.
    const proxy =
      flags.proxy === undefined
        ? undefined
        : (require('../record/proxy-target') as typeof ProxyTargetModule).proxyTarget('--proxy', flags.proxy);
    if (proxy !== undefined && 'problem' in proxy) throw new ProxyFlagError(proxy.problem);
    const security = tlsSettings(flags);
    const simulator = await runSimulator({
      sources: { paths },
      port: flags.port,
      host: flags.host,
      watch: flags.watch,
      ...toolboxSettings(flags),
      ...controlSettings(flags),
      ...reportSettings(flags),
      ...redisSettings(flags, logger),
      ...limitSettings(flags),
      ...security,
      // The proxy's code (record's, and check's behind it) loads only in hybrid mode.
      ...(flags.proxy !== undefined
        ? {
            passOn: (require('./hybrid-proxy') as typeof HybridProxyModule).hybridPassOn(
              flags.proxy,
              toolboxSettings(flags).wire,
              logger,
            ),
          }
        : {}),
      onInternalError: (message) => logger.error(message),
      onTlsFailure: (f) => tlsFailed(`TLS handshake with ${f.from} failed: ${f.reason}`),
      shutdownGraceMs: flags.shutdownGrace,
      ...(requestLog ? { onRequestRecord: (record) => requestLog.push(record) } : {}),
    });
    const set = simulator.store.set;
    if (chosen.shippedBecause === null) showWarnings(logger, set.warnings);
    const from = chosen.shippedBecause === null ? '' : ` (the shipped examples: ${chosen.shippedBecause})`;
    logger.info(`loaded ${set.files.length} file(s), ${tokenCount(set)} token(s) from ${paths.join(', ')}${from}`);
    if (chosen.shippedBecause !== null) showWarnings(logger, set.warnings);
    for (const empty of await pathsWithoutScenarioFiles(paths))
      logger.warn(
        `${empty.path} holds no scenario file (.yaml, .yml or .json)${skippedNote(empty)}: every token gets the fallback answer until one is added`,
      );
    if (set.unavailable)
      logger.warn(
        `no module installed (--modules none): every request gets ${previewAnswer(set.unavailable, '').reply.status}, the API-unavailable answer`,
      );
    logger.info(`seed ${simulator.seed} (replay this run's chance and random delays with --seed ${simulator.seed})`);
    logger.info(
      simulator.watcher
        ? 'watching the scenario files: a save reloads them'
        : 'not watching the scenario files (--no-watch); SIGHUP reloads them',
    );
    if (proxy !== undefined)
      logger.info(
        `hybrid mode: tokens no entry names are passed to ${proxy.base} (journaled as proxied)${proxy.authorization ? '; the user name and password in the URL go as "authorization: Basic"' : ''}`,
      );
    logger.info(describeAdmin(simulator, flags));
    if (simulator.control.group)
      logger.info(
        `sharing state with the instances on ${simulator.control.group.shownUrl} under prefix "${flags.redisPrefix}" as ${simulator.control.group.instance}`,
      );
    if (simulator.control.admin?.guardReads && !flags.adminToken)
      logger.warn(
        `the admin API is open to anyone who reaches ${flags.host} (--admin-open): they can read the journal and change any token, and so can a web page through DNS rebinding; --admin-token <secret> guards it`,
      );
    if (simulator.adminUrl)
      logger.info(`dashboard on ${simulator.adminUrl}/ui/  (live traffic, tokens, change an answer, health)`);
    const certPath = simulator.tls?.selfSigned ? writeSelfSignedCert(simulator.tls, flags.host, simulator.port) : null;
    describeSecurity(simulator.tls, certPath, flags, security.callerAuth ?? []).forEach((line) => logger.info(line));
    const curl = certPath ? `curl --cacert ${certPath}` : 'curl';
    const tryIt = `${curl} ${simulator.url}${PROTOCOL_PATH}/${encodeURIComponent(hintToken(set))}`;
    beforeAnnounce(simulator);
    // The server already answers (and stops cleanly on a signal); the line and the port file wait
    // for the watcher, so a script that edits a file once it reads them sees a watched change.
    await simulator.watcher?.ready;
    if (flags.portFile !== undefined) writePortFile(flags.portFile, simulator.port);
    logger.event('info', 'listening', `listening on ${simulator.url}  (try: ${tryIt})`, {
      url: simulator.url,
      port: simulator.port,
      adminUrl: simulator.adminUrl,
      seed: simulator.seed,
    });
    followReloads(simulator, logger, showWarnings);
    // Once serving: what starting grew the new space to stays, and node:v8 loads after the first answer.
    capYoungGeneration();
    return simulator;
  } catch (error) {
    if (error instanceof ScenarioError) reportProblems(logger, error.problems);
    else
      describeStartError(error, flags)
        .split('\n')
        .forEach((line) => logger.error(line));
    logger.error('not started');
    process.exitCode = isRedisConfigError(error) || error instanceof ProxyFlagError ? 2 : 1;
    onNotStarted(error);
    return undefined;
  }
}

/** A --proxy that cannot work as written: a usage error (exit 2), told without the URL's credentials. */
class ProxyFlagError extends Error {}

/** A token the start hint can name: alice when loaded (the examples), else the first named token, else one the fallback answers. */
function hintToken(set: ScenarioSet): string {
  if (set.entries.has('alice')) return 'alice';
  const first = set.entries.keys().next();
  return first.done ? 'any-token' : first.value;
}

function describeAdmin(simulator: Simulator, flags: ServeFlags): string {
  const journal = simulator.control.journal
    ? `journal keeps the last ${simulator.control.journal.capacity} requests`
    : 'no request journal';
  if (!simulator.adminUrl) return `admin API off (--no-admin); ${journal}`;
  const guard = !flags.adminToken
    ? 'open to anyone who can reach it; --admin-token guards changes'
    : simulator.control.admin?.guardReads
      ? 'every call but GET health needs the admin token'
      : 'changes need the admin token';
  return `admin API on ${simulator.adminUrl}  (${journal}; ${guard}; try: curl${tokenHeader(simulator, flags)} ${simulator.adminUrl}/requests)`;
}

/**
 * The header the start hint's curl needs when reads are guarded, naming the secret without
 * printing it: the environment variable when it came from there (a container), else a placeholder.
 */
function tokenHeader(simulator: Simulator, flags: ServeFlags): string {
  if (!flags.adminToken || !simulator.control.admin?.guardReads) return '';
  const fromEnv = process.env.AUTH_SIM_ADMIN_TOKEN === flags.adminToken;
  return ` -H "authorization: Bearer ${fromEnv ? '$AUTH_SIM_ADMIN_TOKEN' : '<your --admin-token>'}"`;
}

function describeStartError(error: unknown, flags: ServeFlags): string {
  const err = error as NodeJS.ErrnoException;
  if (err.code === 'EADDRINUSE')
    return `port ${flags.port} on ${flags.host} is in use; pick another with --port, or --port 0 for any free one`;
  if (err.code === 'ENOENT') return `cannot read scenarios: ${err.path ?? err.message} does not exist`;
  return err.message;
}

/** A port from 0 to 65535 (0: any free one). */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a whole number from 0 to 65535, got "${value}"`);
  return port;
}
