import { formatProblem, type Problem } from '../scenario/problem';
import type { Logger } from './logger';

/** One line per problem, errors and warnings each to their own level. */
export function reportProblems(logger: Logger, problems: readonly Problem[]): void {
  for (const problem of problems) {
    if (problem.severity === 'error') logger.error(formatProblem(problem));
    else logger.warn(formatProblem(problem));
  }
}
