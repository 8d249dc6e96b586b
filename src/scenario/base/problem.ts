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

/**
 * Every Problem is made here. `place` is a SourceRef, or a file name alone for a problem with the
 * text as a whole (line 1, column 1); `path` is the dotted field path, '' for none.
 */
export function problemAt(
  place: SourceRef | string,
  message: string,
  path = '',
  severity: Problem['severity'] = 'error',
): Problem {
  const { file, line, column } = typeof place === 'string' ? { file: place, line: 1, column: 1 } : place;
  return { file, line, column, severity, path, message };
}

/** The place of a file's offset as the `yaml` library's line counter gives it (`{line, col}`, both from 1). */
export function placeIn(file: string, pos: { readonly line: number; readonly col: number }): SourceRef {
  return { file, line: pos.line, column: pos.col };
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
