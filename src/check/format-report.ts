import { formatFinding } from './finding';
import { countFindings, type CheckReport, type RequestRecord } from './run-check';

/** The report formats `auth-sim check --format` offers. */
export const REPORT_FORMATS = ['text', 'json', 'junit'] as const;

export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The report in `format`, ready to print. */
export function formatReport(report: CheckReport, format: ReportFormat): string {
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

function textReport(report: CheckReport): string {
  const lines = [...report.requests.map(requestLine), ...report.findings.map(formatFinding), summaryLine(report)];
  return `${lines.join('\n')}\n`;
}

/**
 * JUnit XML (the Ant schema CI systems read): one test case per token and method, each error a
 * failure, warnings in system-out. Written by hand: it is five elements and one escape function,
 * less than wiring up xmlbuilder2 (considered) for it.
 */
function junitReport(report: CheckReport): string {
  const cases = report.requests.map((r) => {
    const mine = report.findings.filter((f) => f.token === r.token && f.method === r.method);
    const failures = mine
      .filter((f) => f.severity === 'error')
      .map((f) => `      <failure message="${xml(formatFinding(f))}"/>`);
    const warnings = mine.filter((f) => f.severity === 'warning').map(formatFinding);
    const out = warnings.length > 0 ? [`      <system-out>${xml(warnings.join('\n'))}</system-out>`] : [];
    const name = `${r.token} ${r.method}`;
    return [
      `    <testcase classname="auth-sim.check" name="${xml(name)}" time="${(r.ms / 1000).toFixed(3)}">`,
      ...failures,
      ...out,
      '    </testcase>',
    ].join('\n');
  });
  const failed = report.requests.filter((r) =>
    report.findings.some((f) => f.severity === 'error' && f.token === r.token && f.method === r.method),
  ).length;
  const time = (report.requests.reduce((sum, r) => sum + r.ms, 0) / 1000).toFixed(3);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${report.requests.length}" failures="${failed}" errors="0">`,
    `  <testsuite name="${xml(`auth-sim check ${report.baseUrl}`)}" tests="${report.requests.length}" failures="${failed}" errors="0" time="${time}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;');
}
