import type { Command } from 'commander';
import { MAX_FILE_SIZE_OPTION, type LimitFlags } from './limit-flags';
import { loadScenarioSet } from '../scenario/compile/load-scenario-set';
import { compilePopulationsOnDemand } from '../server/population-compiler';
import { hasErrors } from '../scenario/base/problem';
import { NotUtf8Error, readFailureProblem, readScenarioSources } from '../scenario/base/read-scenario-sources';
import { tokenCount } from '../scenario/compile/scenario-set';
import { DEFAULT_SCENARIOS } from './default-scenarios';
import { createLogger } from './logger';
import { reportProblems } from './report-problems';
import { TOOLBOX_OPTIONS, toolboxSettings, type ToolboxFlags } from './toolbox-flags';

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
    .argument('[paths...]', 'scenario directories or files', [DEFAULT_SCENARIOS])
    .addHelpText(
      'after',
      '\nExample:\n  $ auth-sim validate scenarios/ extra/blocked.yaml\n  $ auth-sim validate --protocol 1.2 --modules retail scenarios/',
    );
  // Serve's flags that change what a file's entries mean (and so what is reported): all but --seed.
  for (const option of TOOLBOX_OPTIONS) if (option.long !== '--seed') command.addOption(option);
  command.addOption(MAX_FILE_SIZE_OPTION);
  command.action(async (paths: string[], flags: ToolboxFlags & Pick<LimitFlags, 'maxFileSize'>) => {
    const logger = createLogger();
    let texts;
    try {
      texts = await readScenarioSources(paths, flags.maxFileSize);
    } catch (error) {
      const err = error as NodeJS.ErrnoException;
      if (error instanceof NotUtf8Error) reportProblems(logger, [readFailureProblem(error)]);
      else
        logger.error(
          err.code === 'EFBIG' ? `cannot read ${err.path}: ${err.message}` : `cannot read scenarios: ${err.message}`,
        );
      process.exitCode = 1;
      return;
    }
    const { wire, delay } = toolboxSettings(flags);
    const result = loadScenarioSet(
      texts,
      { wire, ...(delay !== undefined ? { delay } : {}) },
      compilePopulationsOnDemand,
    );
    const problems = result.ok ? result.set.warnings : result.problems;
    reportProblems(logger, problems);
    if (!result.ok || hasErrors(problems)) {
      logger.error(`${problems.filter((p) => p.severity === 'error').length} error(s) in ${texts.length} file(s)`);
      process.exitCode = 1;
      return;
    }
    logger.info(`${texts.length} file(s), ${tokenCount(result.set)} token(s): valid`);
  });
}
