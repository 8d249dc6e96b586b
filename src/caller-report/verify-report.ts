import type { JudgedReport } from './judge-report';

/**
 * The report when its verdict passes; else throws an Error listing every failure, one a line.
 * startSimulator's and the Testcontainers module's `verify()` both answer with it.
 */
export function verifyReport<R extends JudgedReport>(report: R): R {
  if (report.verdict === 'fail')
    throw new Error(['auth-sim: the caller report fails:', ...report.failures.map((f) => `  ${f}`)].join('\n'));
  return report;
}
