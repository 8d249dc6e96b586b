import type { Command } from 'commander';
import { loadScenarioSet } from '../scenario/load-scenario-set';
import { hasErrors } from '../scenario/problem';
import { readScenarioSources } from '../scenario/read-scenario-sources';
import { tokenCount } from '../scenario/scenario-set';
import { DEFAULT_SCENARIOS } from './default-scenarios';
import { createLogger } from './logger';
import { reportProblems } from './report-problems';

/** `auth-sim validate [paths...]`: checks scenario files without serving; exit 1 on any error (for CI lint). */
export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check scenario files without serving them; exits 1 on any error')
    .argument('[paths...]', 'scenario directories or files', [DEFAULT_SCENARIOS])
    .addHelpText('after', '\nExample:\n  $ auth-sim validate scenarios/ extra/blocked.yaml')
    .action(async (paths: string[]) => {
      const logger = createLogger();
      let texts;
      try {
        texts = await readScenarioSources(paths);
      } catch (error) {
        logger.error(`cannot read scenarios: ${(error as Error).message}`);
        process.exitCode = 1;
        return;
      }
      const result = loadScenarioSet(texts);
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
