import { create } from 'xmlbuilder2';
import { formatProblem, type Problem } from '../scenario/base/problem';
import { ScenarioError } from '../scenario/base/scenario-error';
import { HTML_REPORT_CSP } from '../caller-report/format-html';
import { markup } from '../caller-report/markup';
import { escapeControls, escapeJsonText } from '../scenario/base/escape-controls';

/** Why `run` did not run its command: the simulator did not start, and the problems that stopped it. */
export interface NotRun {
  readonly reason: string;
  /** The scenario errors, each with its file and line; empty when the cause was not a file's. */
  readonly problems: readonly Problem[];
}

/** What a failed start means for `run`'s report file. */
export function notRunBecause(error: unknown): NotRun {
  if (error instanceof ScenarioError)
    return {
      reason: 'the scenarios did not load, so the command was not run',
      problems: error.problems.filter((p) => p.severity === 'error'),
    };
  return { reason: `auth-sim did not start, so the command was not run: ${(error as Error).message}`, problems: [] };
}

/**
 * The JUnit file of a run that never ran (control characters in a file name or the reason escaped,
 * as formatJunit escapes a token's, so the file stays well-formed XML): one failing test case per problem, named by its place
 * and carrying `file` and `line` (which CI systems link), or one for the start failure itself.
 * xmlbuilder2 writes it, as formatJunit does the verdict's.
 */
export function formatNotRunJunit(notRun: NotRun): string {
  const cases = notRun.problems.length === 0 ? 1 : notRun.problems.length;
  const suite = create({ version: '1.0', encoding: 'UTF-8' })
    .ele('testsuites', { name: 'auth-sim caller report', tests: cases, failures: cases })
    .ele('testsuite', { name: 'auth-sim scenarios', tests: cases, failures: cases, errors: 0 });
  const reason = escapeControls(notRun.reason);
  if (notRun.problems.length === 0)
    suite
      .ele('testcase', { classname: 'auth-sim.start', name: 'auth-sim started' })
      .ele('failure', { message: reason, type: 'start' })
      .txt(reason);
  for (const problem of notRun.problems) {
    const line = escapeControls(formatProblem(problem));
    const file = escapeControls(problem.file);
    suite
      .ele('testcase', {
        classname: 'auth-sim.scenarios',
        name: `${file}:${problem.line}:${problem.column}`,
        file,
        line: problem.line,
      })
      .ele('failure', { message: line, type: 'scenario' })
      .txt(line);
  }
  return suite.end({ prettyPrint: true });
}

/**
 * The JSON file of a run that never ran: `verdict: "fail"`, `ran: false`, the reason and each
 * problem; what JSON.stringify leaves raw that a terminal acts on is escaped (the same values parsed).
 */
export function formatNotRunJson(notRun: NotRun): string {
  const problems = notRun.problems.map(({ file, line, column, path, message }) => ({
    file,
    line,
    column,
    path,
    message,
  }));
  const failures = notRun.problems.length === 0 ? [notRun.reason] : notRun.problems.map(formatProblem);
  return `${escapeJsonText(JSON.stringify({ verdict: 'fail', ran: false, reason: notRun.reason, failures, problems }, null, 2))}\n`;
}

/**
 * The Markdown file of a run that never ran: a heading, the reason, and the problems in a code
 * block; line breaks and controls are escaped, so no file name can start a heading or end the block.
 */
export function formatNotRunMarkdown(notRun: NotRun): string {
  const lines = notRun.problems.map((p) => escapeControls(formatProblem(p)));
  const longestTicks = Math.max(0, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((t) => t.length))));
  // A fence longer than any run of backticks inside, so no problem text can close it (CommonMark 4.5).
  const fence = '`'.repeat(Math.max(3, longestTicks + 1));
  const block = lines.length === 0 ? '' : `\n${fence}text\n${lines.join('\n')}\n${fence}\n`;
  return `## auth-sim caller report: NOT RUN\n\n${escapeControls(notRun.reason)}\n${block}`;
}

/** The HTML report of a run that never ran: the reason and each problem, as self-contained as the verdict's page. */
export function formatNotRunHtml(notRun: NotRun): string {
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${HTML_REPORT_CSP}">
<title>auth-sim caller report: NOT RUN</title>
<link rel="icon" href="data:,">
</head>
<body style="font: 14px/1.4 system-ui, sans-serif; margin: 12px 16px">
<h2 data-test="verdict" style="color: #b91c1c">Verdict: NOT RUN</h2>
<p data-test="reason">${notRun.reason}</p>
${notRun.problems.length > 0 && markup`<ul data-test="problems">${notRun.problems.map((p) => markup`<li data-test="failure"><code>${formatProblem(p)}</code></li>`)}</ul>`}
</body>
</html>
`.text;
}
