import { Option, type Command } from 'commander';
import { MAX_FILE_SIZE_OPTION, type LimitFlags } from './limit-flags';
import { loadScenarioSet } from '../scenario/compile/load-scenario-set';
import { compilePopulationsOnDemand } from '../server/population-compiler';
import { hasErrors, sortProblems, type Problem, problemAt } from '../scenario/base/problem';
import {
  pathsWithoutScenarioFiles,
  skippedNote,
  readFailureProblem,
  readScenarioSources,
  type EmptyPath,
  type ScenarioText,
} from '../scenario/base/read-scenario-sources';
import { tokenCount } from '../scenario/compile/scenario-set';
import { chooseScenarios } from './default-scenarios';
import { createLogger, type Logger } from './logger';
import { formatGithubAnnotations, formatJsonReport, PROBLEM_FORMATS, type ProblemFormat } from './problem-formats';
import { reportProblems } from './report-problems';
import { TOOLBOX_OPTIONS, toolboxSettings, type ToolboxFlags } from './toolbox-flags';

type ValidateFlags = ToolboxFlags & Pick<LimitFlags, 'maxFileSize'> & { format: ProblemFormat };

/**
 * `auth-sim validate [paths...]`: checks scenario files without serving; exit 1 on any error (for
 * CI lint). It takes serve's --protocol, --modules, --wire and --delay, so a CI step reports what
 * `serve` with the same flags would (a companyList no installed module serves, a field newer than
 * the protocol version).
 */
export function registerValidate(program: Command): void {
  const command = program
    .command('validate')
    .description('check scenario files without serving them; exits 1 on any error')
    .argument('[paths...]', 'scenario directories or files (default: ./scenarios, else the shipped examples)')
    .addOption(
      new Option('--format <format>', 'text lines, one JSON document, or GitHub Actions annotations')
        .choices(PROBLEM_FORMATS)
        .default('text'),
    )
    .addHelpText(
      'after',
      '\nExample:\n  $ auth-sim validate scenarios/ extra/blocked.yaml\n  $ auth-sim validate --protocol 1.2 --modules retail scenarios/\n  $ auth-sim validate --format github   # in a GitHub Actions step',
    );
  // Serve's flags that change what a file's entries mean (and so what is reported): all but --seed.
  for (const option of TOOLBOX_OPTIONS) if (option.long !== '--seed') command.addOption(option);
  command.addOption(MAX_FILE_SIZE_OPTION);
  command.action(async (given: string[], flags: ValidateFlags) => {
    // With --format json the document is the whole of stdout: people's lines go to stderr only when they are problems.
    const logger = createLogger({ quiet: flags.format === 'json' });
    const { paths, note } = chooseScenarios(given);
    if (note !== null) logger.info(note);
    const outcome = await validate(paths, flags);
    report(logger, flags.format, outcome);
    if (!outcome.valid) process.exitCode = 1;
  });
}

interface Outcome {
  readonly valid: boolean;
  readonly files: number;
  readonly tokens: number;
  readonly problems: readonly Problem[];
  /** Nothing was checked: the one problem says which file could not be read. */
  readonly readFailed?: true;
}

async function validate(paths: readonly string[], flags: ValidateFlags): Promise<Outcome> {
  let texts: ScenarioText[];
  let empty: EmptyPath[];
  try {
    empty = await pathsWithoutScenarioFiles(paths);
    texts = await readScenarioSources(paths, flags.maxFileSize);
  } catch (error) {
    return { valid: false, files: 0, tokens: 0, problems: [readFailureProblem(error)], readFailed: true };
  }
  // A folder with nothing to check is a mistake (a typo, the wrong directory), never a pass.
  const nothing = empty.map((e) =>
    problemAt(e.path, `${e.path} holds no scenario file (.yaml, .yml or .json)${skippedNote(e)}: nothing to validate`),
  );
  const { wire, delay } = toolboxSettings(flags);
  const result = loadScenarioSet(
    texts,
    { wire, ...(delay !== undefined ? { delay } : {}) },
    compilePopulationsOnDemand,
  );
  const problems = sortProblems([...nothing, ...(result.ok ? result.set.warnings : result.problems)]);
  return {
    valid: result.ok && !hasErrors(problems),
    files: texts.length,
    tokens: result.ok ? tokenCount(result.set) : 0,
    problems,
  };
}

function report(logger: Logger, format: ProblemFormat, outcome: Outcome): void {
  if (format === 'json') {
    const { readFailed: _, ...report } = outcome;
    return void process.stdout.write(formatJsonReport(report));
  }
  if (format === 'github') process.stdout.write(formatGithubAnnotations(outcome.problems));
  else reportProblems(logger, outcome.problems);
  const errors = outcome.problems.filter((p) => p.severity === 'error').length;
  if (outcome.readFailed) return;
  if (!outcome.valid) logger.error(`${errors} error(s) in ${outcome.files} file(s)`);
  else logger.info(`${outcome.files} file(s), ${outcome.tokens} token(s): valid`);
}
