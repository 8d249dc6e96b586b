import { create } from 'xmlbuilder2';
import { describeResult, type JudgedReport } from './judge-report';

/**
 * The verdict as JUnit XML (the Ant schema CI systems read): one test case per expectation, and
 * one each for unknown and unused tokens; a failure carries its readable line, file:line:col
 * first, and a warning goes to system-out. xmlbuilder2 writes it, escaping included.
 */
export function formatJunit(report: JudgedReport): string {
  const failed = report.expectations.filter((r) => r.outcome === 'fail').length;
  const suite = create({ version: '1.0', encoding: 'UTF-8' })
    .ele('testsuites', { name: 'auth-sim caller report', tests: report.expectations.length, failures: failed })
    .ele('testsuite', {
      name: 'auth-sim caller report',
      tests: report.expectations.length,
      failures: failed,
      errors: 0,
      timestamp: report.since,
    });
  for (const r of report.expectations) {
    const name = `${r.token === null ? 'run' : r.token}: ${r.expectation}`;
    const file = /^(.*):\d+:\d+$/.exec(r.where)?.[1];
    const testcase = suite.ele('testcase', { classname: 'auth-sim.caller', name, ...(file ? { file } : {}) });
    const line = describeResult(r);
    if (r.outcome === 'fail') testcase.ele('failure', { message: line, type: r.expectation }).txt(line);
    else if (r.outcome === 'warn') testcase.ele('system-out').txt(`warning: ${line}`);
  }
  return suite.end({ prettyPrint: true });
}
