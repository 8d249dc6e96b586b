import { formatProblem, type Problem } from './problem';

/**
 * Scenarios refused: a start whose first load failed, a runtime token or an outage that is not a
 * valid entry. The message lists each problem as file:line:column; `problems` holds them as data.
 */
export class ScenarioError extends Error {
  constructor(
    summary: string,
    readonly problems: readonly Problem[],
  ) {
    super([summary, ...problems.map((p) => `  ${formatProblem(p)}`)].join('\n'));
    this.name = 'ScenarioError';
  }
}
