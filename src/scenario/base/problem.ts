import { readFileSync } from 'node:fs';

/** Where something stands in a scenario file; lines and columns count from 1. */
export interface SourceRef {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** One thing wrong (or worth a warning) in the scenarios, with its place and the field path. */
export interface Problem extends SourceRef {
  readonly severity: 'error' | 'warning';
  /** Dotted field path, e.g. `tokens.alice.client.surname`; empty for file-level problems. */
  readonly path: string;
  readonly message: string;
}

/** `file:line:column message`, the form editors and CI logs turn into links. */
export function formatProblem(problem: Problem): string {
  const tag = problem.severity === 'warning' ? 'warning: ' : '';
  return `${problem.file}:${problem.line}:${problem.column} ${tag}${problem.message}`;
}

/** Problems in reading order: by file, then line, then column; problems at one place keep the order they were found in. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort((a, b) =>
    a.file !== b.file ? (a.file < b.file ? -1 : 1) : a.line - b.line || a.column - b.column,
  );
}

/** Whether any of these problems stops a set from loading. */
export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}

/** Line `line` of `file` as it is on disk now, to show beside a problem; undefined for an admin entry or a file gone since. */
export function readSourceLine(file: string, line: number): string | undefined {
  try {
    return readFileSync(file, 'utf8').split(/\r?\n/)[line - 1];
  } catch {
    return undefined;
  }
}
