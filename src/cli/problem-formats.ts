import type { Problem } from '../scenario/base/problem';

/** How `validate` reports: lines for people, one JSON document for programs, or GitHub Actions annotations. */
export const PROBLEM_FORMATS = ['text', 'json', 'github'] as const;
export type ProblemFormat = (typeof PROBLEM_FORMATS)[number];

/** What `validate --format json` prints: the verdict, the counts and every problem with its place. */
export interface ValidationReport {
  readonly valid: boolean;
  readonly files: number;
  readonly tokens: number;
  readonly problems: readonly Problem[];
}

/** The report as one JSON document (a line), the fields of each problem as the library names them. */
export function formatJsonReport(report: ValidationReport): string {
  const problems = report.problems.map(({ file, line, column, severity, path, message }) => ({
    file,
    line,
    column,
    severity,
    path,
    message,
  }));
  return `${JSON.stringify({ ...report, problems })}\n`;
}

/**
 * One workflow command per problem (`::error file=a.yaml,line=4,col=7::message`), which GitHub
 * Actions shows on the pull request's lines. Escaping as the runner's toolkit does it
 * (actions/toolkit packages/core/src/command.ts): no library ships this for other tools.
 */
export function formatGithubAnnotations(problems: readonly Problem[]): string {
  return problems
    .map(
      (p) =>
        `::${p.severity} file=${escapeProperty(p.file)},line=${p.line},col=${p.column}::${escapeData(p.message)}\n`,
    )
    .join('');
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
