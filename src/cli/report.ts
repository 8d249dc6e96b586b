import { Option, type Command } from 'commander';
import { createLogger, type Logger } from './logger';
import { DEFAULT_ADMIN_PREFIX } from '../protocol/endpoints';
import type { CallerReportFormat } from '../caller-report/report-formats';
import { sizeParser } from './limit-flags';
import { readCappedBody } from './read-capped-body';
import { writeFileAtomically } from './write-file-atomically';
import { escapeControls, escapeJsonText } from '../scenario/base/escape-controls';

interface ReportFlags {
  json?: boolean;
  junit?: string;
  adminToken?: string;
  maxReportSize: number;
  html?: string;
}

const CANNOT = 2;
/** How long one form of the report may take to arrive, whole. */
const READ_TIMEOUT_MS = 10_000;
/** The largest report read: ten times a 10,000-token report's JSON (about 15 MB), well under what a CI runner holds. */
const DEFAULT_MAX_REPORT_BYTES = 256 * 1024 * 1024;

/**
 * `auth-sim report <admin-url>`: fetches a running simulator's caller report and prints it as
 * Markdown (or JSON), optionally writing the JUnit form and the HTML page to files. Exit code 0
 * on pass, 1 on fail, 2 when the server cannot be reached, wants the admin token, answers more
 * than --max-report-size or not in time, is not an auth-sim admin API, or the arguments are wrong.
 */
export function registerReport(program: Command): void {
  program
    .command('report')
    .description("print a running simulator's caller report and exit by its verdict (0 pass, 1 fail, 2 unreachable)")
    .argument(
      '<admin-url>',
      `the admin API, e.g. http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX} (auth-sim run sets AUTH_SIM_ADMIN_URL)`,
    )
    .option('--json', 'print the report as JSON instead of Markdown')
    .option('--junit <file>', 'also write the verdict as JUnit XML to this file (folders are made)')
    .addOption(
      new Option(
        '--admin-token <secret>',
        'the admin token of a server started with --admin-token (sent as "authorization: Bearer")',
      ).env('AUTH_SIM_ADMIN_TOKEN'),
    )
    .addOption(
      new Option('--max-report-size <size>', 'largest report read; a larger answer exits 2 unread')
        .default(DEFAULT_MAX_REPORT_BYTES, '256mb')
        .argParser(sizeParser('--max-report-size')),
    )
    .option(
      '--html <file>',
      'also write the Caller view as one self-contained HTML page to this file (folders are made)',
    )
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : CANNOT))
    .action(async (adminUrl: string, flags: ReportFlags) => {
      const logger = createLogger();
      process.exitCode = await report(adminUrl.replace(/\/+$/, ''), flags, logger);
    });
}

async function report(adminUrl: string, flags: ReportFlags, logger: Logger): Promise<number> {
  let url: URL;
  try {
    url = new URL(`${adminUrl}/report`);
  } catch {
    logger.error(
      `${JSON.stringify(adminUrl)} is not a URL; give the admin API's, e.g. http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX}`,
    );
    return CANNOT;
  }
  // fetch would refuse such a header with an error that quotes it: the secret must never be printed.
  if (flags.adminToken !== undefined && /[^\t\x20-\x7e]/.test(flags.adminToken)) {
    logger.error(
      'the admin token holds a character an HTTP header cannot carry (a line break, a control or non-ASCII character)',
    );
    return CANNOT;
  }
  const json = await fetchReport(url, 'json', flags, logger);
  if (json === null) return CANNOT;
  const verdict = (json as { verdict?: unknown }).verdict;
  if (verdict !== 'pass' && verdict !== 'fail') return notAuthSim(url, logger);
  for (const [format, file] of [
    ['junit', flags.junit],
    ['html', flags.html],
  ] as const) {
    if (file === undefined) continue;
    const text = await fetchReport(url, format, flags, logger);
    if (text === null) return CANNOT;
    try {
      writeFileAtomically(file, text as string);
    } catch (error) {
      logger.error(`cannot write ${file}: ${(error as Error).message}`);
      return CANNOT;
    }
  }
  const printed = flags.json ? `${JSON.stringify(json, null, 2)}\n` : await fetchReport(url, 'markdown', flags, logger);
  if (printed === null) return CANNOT;
  process.stdout.write(terminalSafe(printed as string, flags.json === true));
  return verdict === 'pass' ? 0 : 1;
}

/**
 * What the server sent, fit for a terminal: a caller's token may hold ESC or a C1 control, which
 * would move the cursor or recolour the screen; each is written `\uXXXX` (JSON stays valid JSON).
 */
function terminalSafe(text: string, json: boolean): string {
  return json ? escapeJsonText(text) : text.split('\n').map(escapeControls).join('\n');
}

/** One form of the report: parsed JSON, or the text; null (said why) when it cannot be had. */
async function fetchReport(url: URL, format: CallerReportFormat, flags: ReportFlags, logger: Logger): Promise<unknown> {
  const target = new URL(url);
  if (format !== 'json') target.searchParams.set('format', format);
  const text = await fetchText(target, flags, logger);
  if (text === null) return null;
  if (!text.ok && format === 'json') return notFound(url, text, logger);
  if (!text.ok) {
    notAuthSim(url, logger);
    return null;
  }
  if (format !== 'json') return text.body;
  try {
    return JSON.parse(text.body) as unknown;
  } catch {
    notAuthSim(url, logger);
    return null;
  }
}

/** A GET of `target` with the admin token if given, its body read up to the cap; null (said why) on failure. */
async function fetchText(
  target: URL,
  flags: ReportFlags,
  logger: Logger,
): Promise<{ ok: boolean; body: string } | null> {
  const where = `${target.origin}${target.pathname}`;
  try {
    const res = await fetch(target, {
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      headers: flags.adminToken ? { authorization: `Bearer ${flags.adminToken}` } : {},
    });
    if (res.status === 401) {
      await res.body?.cancel();
      logger.error(
        flags.adminToken
          ? `${where} refused the admin token given (401): give the one the server was started with, by --admin-token <secret> or AUTH_SIM_ADMIN_TOKEN`
          : `${where} needs the admin token (401): give it with --admin-token <secret> or the AUTH_SIM_ADMIN_TOKEN environment variable`,
      );
      return null;
    }
    const read = await readCappedBody(res, flags.maxReportSize);
    if ('tooLarge' in read) {
      logger.error(
        `${where} answered more than ${flags.maxReportSize} bytes (--max-report-size); not read: start the server with a smaller --report-tokens, or raise --max-report-size`,
      );
      return null;
    }
    return { ok: res.ok, body: read.text };
  } catch (error) {
    const err = error as Error & { cause?: { code?: string } };
    if (err.name === 'TimeoutError') {
      logger.error(`${where} did not send the whole report within ${READ_TIMEOUT_MS / 1000} s`);
      return null;
    }
    logger.error(`cannot reach ${target.origin}: ${err.cause?.code ?? err.message}; is auth-sim running there?`);
    return null;
  }
}

/** A JSON error answer: the server's own word when it says the report is off, else not auth-sim's. */
function notFound(url: URL, text: { body: string }, logger: Logger): null {
  try {
    const body = JSON.parse(text.body) as { error?: unknown };
    if (typeof body.error === 'string' && body.error.includes('caller report is off')) {
      logger.error(`${url.href}: ${body.error}`);
      return null;
    }
  } catch {
    // Not JSON: not auth-sim's answer either.
  }
  notAuthSim(url, logger);
  return null;
}

function notAuthSim(url: URL, logger: Logger): number {
  logger.error(
    `${url.href} did not answer as an auth-sim admin API (GET /report); is this auth-sim's admin URL, e.g. http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX}?`,
  );
  return CANNOT;
}
