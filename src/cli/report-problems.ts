import { formatProblem, readSourceLine, type Problem } from '../scenario/base/problem';
import { maskSecretLine } from '../scenario/schema/mask-secret-line';
import type { Logger } from './logger';

/**
 * One line per problem, errors and warnings each to their own level. On a terminal a YAML syntax
 * error also shows its source line with a caret under the column, as compilers do.
 */
export function reportProblems(logger: Logger, problems: readonly Problem[]): void {
  for (const problem of problems) {
    const text = process.stderr.isTTY ? withSourceLine(problem, readSourceLine) : formatProblem(problem);
    if (problem.severity === 'error') logger.error(text);
    else logger.warn(text);
  }
}

/** formatProblem, and for a syntax error the line it is on with a caret under its column (tabs kept, so the caret lines up). */
export function withSourceLine(problem: Problem, lineOf: (file: string, line: number) => string | undefined): string {
  const raw = problem.message.startsWith('YAML:') ? lineOf(problem.file, problem.line) : undefined;
  if (raw === undefined) return formatProblem(problem);
  const line = maskSecretLine(raw);
  const pad = line.slice(0, problem.column - 1).replace(/[^\t]/g, ' ');
  return `${formatProblem(problem)}\n    ${line}\n    ${pad}^`;
}
