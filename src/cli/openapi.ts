import { Option, type Command } from 'commander';
import type { JsonSchema } from '../protocol/json-schema';
import { openApiDocument } from '../protocol/openapi';
import { WIRE_STYLES, type WireStyle } from '../protocol/wire-encode';
import { NotUtf8Error, readFailureProblem, readScenarioSources } from '../scenario/base/read-scenario-sources';
import { servedExamples } from '../scenario/compile/served-examples';
import { compilePopulationsOnDemand } from '../server/population-compiler';
import { collect } from './default-scenarios';
import { createLogger, type Logger } from './logger';
import { reportProblems } from './report-problems';

/** `auth-sim openapi`: the OpenAPI 3.1 description of the protocol, from the field table, with examples from scenarios. */
export function registerOpenApi(program: Command): void {
  program
    .command('openapi')
    .description('print the OpenAPI 3.1 description of the protocol (both operations, every resource, the error body)')
    .addOption(
      new Option('--wire <style>', 'scalars as this wire style sends them').choices(WIRE_STYLES).default('strings'),
    )
    .option('--scenarios <path>', 'add what each token of these scenarios answers as examples (repeatable)', collect)
    .addHelpText(
      'after',
      '\nExamples:\n  $ auth-sim openapi > client-authorization.openapi.json\n  $ auth-sim openapi --wire typed --scenarios scenarios/ > with-examples.json',
    )
    .action(async (flags: { wire: WireStyle; scenarios?: string[] }) => {
      const logger = createLogger({ out: process.stderr });
      const examples = flags.scenarios ? await examplesFrom(flags.scenarios, flags.wire, logger) : [];
      if (examples === undefined) {
        process.exitCode = 1;
        return;
      }
      process.stdout.write(`${JSON.stringify(openApiDocument(flags.wire, examples), null, 2)}\n`);
    });
}

async function examplesFrom(paths: string[], wire: WireStyle, logger: Logger) {
  try {
    const { components } = openApiDocument(wire) as { components: { schemas: JsonSchema } };
    const { examples, problems } = servedExamples(
      await readScenarioSources(paths),
      wire,
      components.schemas,
      compilePopulationsOnDemand,
    );
    // Only what keeps the scenarios from loading: warnings (a deprecated field) say nothing about the examples.
    const errors = problems.filter((p) => p.severity === 'error');
    reportProblems(logger, errors);
    return errors.length > 0 ? undefined : examples;
  } catch (error) {
    if (error instanceof NotUtf8Error) reportProblems(logger, [readFailureProblem(error)]);
    else logger.error(`cannot read scenarios: ${(error as Error).message}`);
    return undefined;
  }
}
