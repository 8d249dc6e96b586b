import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { createLogger, type Logger } from './logger';
import { DEFAULT_ADMIN_PREFIX } from '../protocol/endpoints';
import type { CallerReportFormat } from '../caller-report/report-formats';
import { escapeControls, escapeJsonText } from '../scenario/base/escape-controls';

interface ReportFlags {
  json?: boolean;
  junit?: string;
  html?: string;
}

const CANNOT = 2;

/**
 * `auth-sim report <admin-url>`: fetches a running simulator's caller report and prints it as
 * Markdown (or JSON), optionally writing the JUnit form and the HTML page to files. Exit code 0 on pass, 1 on fail,
 * 2 when the server cannot be reached, is not an auth-sim admin API, or the arguments are wrong.
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
    .option('--junit <file>', 'also write the verdict as JUnit XML to this file')
    .option('--html <file>', 'also write the Caller view as one self-contained HTML page to this file')
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
  const json = await fetchReport(url, 'json', logger);
  if (json === null) return CANNOT;
  const verdict = (json as { verdict?: unknown }).verdict;
  if (verdict !== 'pass' && verdict !== 'fail') return notAuthSim(url, logger);
  for (const [format, file] of [
    ['junit', flags.junit],
    ['html', flags.html],
  ] as const) {
    if (file === undefined) continue;
    const text = await fetchReport(url, format, logger);
    if (text === null) return CANNOT;
    writeFileSync(file, text as string);
  }
  const printed = flags.json ? `${JSON.stringify(json, null, 2)}\n` : await fetchReport(url, 'markdown', logger);
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
async function fetchReport(url: URL, format: CallerReportFormat, logger: Logger): Promise<unknown> {
  const target = new URL(url);
  if (format !== 'json') target.searchParams.set('format', format);
  let res: Response;
  try {
    res = await fetch(target, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    logger.error(`cannot reach ${url.origin}: ${cause}; is auth-sim running there?`);
    return null;
  }
  const text = await res.text();
  if (format !== 'json') return res.ok ? text : (notAuthSim(url, logger), null);
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (res.status === 404 && typeof body.error === 'string' && body.error.includes('caller report is off')) {
      logger.error(`${url.href}: ${body.error}`);
      return null;
    }
    return res.ok ? body : (notAuthSim(url, logger), null);
  } catch {
    notAuthSim(url, logger);
    return null;
  }
}

function notAuthSim(url: URL, logger: Logger): number {
  logger.error(
    `${url.href} did not answer as an auth-sim admin API (GET /report); is this auth-sim's admin URL, e.g. http://127.0.0.1:8080${DEFAULT_ADMIN_PREFIX}?`,
  );
  return CANNOT;
}
