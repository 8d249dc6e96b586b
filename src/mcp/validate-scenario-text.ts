import { loadScenarioSet, type PopulationCompiler } from '../scenario/compile/load-scenario-set';
import { tokenCount } from '../scenario/compile/scenario-set';
import { formatProblem, sortProblems, hasErrors } from '../scenario/base/problem';
import type * as CompilePopulationsModule from '../synth/compile-populations';

/** synth's compiler, loaded only for a text with `generate:`. */
const compilePopulations: PopulationCompiler = (...args) =>
  (require('../synth/compile-populations') as typeof CompilePopulationsModule).compilePopulations(...args);

/** What one text's check found: valid or not, its tokens, and every problem (errors and warnings) as `auth-sim validate` prints it. */
export interface TextVerdict {
  readonly valid: boolean;
  readonly tokens: number;
  readonly problems: readonly string[];
}

/** One scenario file's text checked as `auth-sim validate` checks a file. */
export function validateScenarioText(text: string, file: string): TextVerdict {
  const result = loadScenarioSet([{ file, text }], {}, compilePopulations);
  const problems = sortProblems(result.ok ? result.set.warnings : result.problems);
  return {
    valid: result.ok && !hasErrors(problems),
    tokens: result.ok ? tokenCount(result.set) : 0,
    problems: problems.map(formatProblem),
  };
}
