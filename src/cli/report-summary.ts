import { formatSummary } from '../caller-report/format-summary';
import type { JudgedReport } from '../caller-report/judge-report';
import { readCallerReport } from '../server/admin/read-caller-report';
import type { Simulator } from '../server/run-simulator';
import type { Logger } from './logger';

/** Whether the served set or the run-wide flags expect anything of the caller. */
function expectsAnything(simulator: Simulator): boolean {
  return simulator.store.set.expectations.length > 0 || simulator.control.runExpectations.length > 0;
}

/**
 * Prints the caller report's one-screen summary when something is expected of the caller or
 * `always` (serve's --report) says so; quiet otherwise. Resolves with the report it read.
 * `whereAll`: where the lines past the first screen can be read (formatSummary's default names
 * the admin API, which is gone once `run` has stopped its server).
 */
export async function printReportSummary(
  simulator: Simulator,
  logger: Logger,
  always: boolean,
  whereAll?: string,
): Promise<JudgedReport | null> {
  const report = await readCallerReport(simulator.control);
  if (report === null || !(always || expectsAnything(simulator))) return report;
  const [headline, ...lines] = formatSummary(report, whereAll);
  if (report.verdict === 'pass') logger.info(headline);
  else logger.error(headline);
  for (const line of lines) (report.verdict === 'pass' ? logger.info : logger.error)(line);
  return report;
}
