import { create } from 'xmlbuilder2';
import { escapeControls } from '../scenario/base/escape-controls';
import { formatFinding } from './finding';
import { countFindings, type CheckReport, type RequestRecord } from './run-check';

/** The forms `auth-sim check --format` prints its findings in (the caller report's are CALLER_REPORT_FORMATS). */
export const CHECK_FORMATS = ['text', 'json', 'junit'] as const;

export type CheckFormat = (typeof CHECK_FORMATS)[number];

/** The report in `format`, ready to print. */
export function formatReport(report: CheckReport, format: CheckFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'junit') return junitReport(report);
  return textReport(report);
}

/** `alice GET 200 application/json; charset=utf-8 3 ms`, or `... timed out after 5001 ms`. */
export function requestLine(r: RequestRecord): string {
  if (r.outcome === 'timeout') return `${r.token} ${r.method} timed out after ${r.ms} ms`;
  if (r.outcome === 'failed') return `${r.token} ${r.method} failed after ${r.ms} ms`;
  const oversize = r.outcome === 'oversize' ? ', body over --max-body' : '';
  return `${r.token} ${r.method} ${r.status} ${r.contentType ?? '(no content type)'} ${r.ms} ms${oversize}`;
}

/** The summary line, also the last line of the text report. */
function summaryLine(report: CheckReport): string {
  const { errors, warnings } = countFindings(report);
  const tokens = new Set(report.requests.map((r) => r.token)).size;
  return `${tokens} token(s), ${report.requests.length} request(s): ${errors} error(s), ${warnings} warning(s)`;
}

/** The text report, one line per request and per finding; what the service sent is printed with its controls escaped. */
function textReport(report: CheckReport): string {
  const lines = [...report.requests.map(requestLine), ...report.findings.map(formatFinding), summaryLine(report)];
  return `${lines.map(escapeControls).join('\n')}\n`;
}

/**
 * JUnit XML (the Ant schema CI systems read): one test case per token and method, each error a
 * failure, warnings in system-out. xmlbuilder2 writes it, escaping included; characters XML 1.0
 * cannot carry at all (ESC and other controls) are written as visible `\uXXXX` first.
 */
function junitReport(report: CheckReport): string {
  const failed = report.requests.filter((r) =>
    report.findings.some((f) => f.severity === 'error' && f.token === r.token && f.method === r.method),
  ).length;
  const time = (report.requests.reduce((sum, r) => sum + r.ms, 0) / 1000).toFixed(3);
  const tests = report.requests.length;
  const suite = create({ version: '1.0', encoding: 'UTF-8' })
    .ele('testsuites', { tests, failures: failed, errors: 0 })
    .ele('testsuite', {
      name: escapeControls(`auth-sim check ${report.baseUrl}`),
      tests,
      failures: failed,
      errors: 0,
      time,
    });
  for (const r of report.requests) {
    const mine = report.findings.filter((f) => f.token === r.token && f.method === r.method);
    const testcase = suite.ele('testcase', {
      classname: 'auth-sim.check',
      name: escapeControls(`${r.token} ${r.method}`),
      time: (r.ms / 1000).toFixed(3),
    });
    for (const f of mine.filter((f) => f.severity === 'error'))
      testcase.ele('failure', { message: escapeControls(formatFinding(f)) });
    const warnings = mine.filter((f) => f.severity === 'warning').map((f) => escapeControls(formatFinding(f)));
    if (warnings.length > 0) testcase.ele('system-out').txt(warnings.join('\n'));
  }
  return `${suite.end({ prettyPrint: true })}\n`;
}
