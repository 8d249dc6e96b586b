import type { Command } from 'commander';
import { wireResponseSchema } from '../protocol/json-schema';
import { EDITOR_SCHEMA_PATH, editorScenarioSchema } from '../scenario/schema/editor-schema';

/** `auth-sim schema`: the wire JSON Schema of the Response, or with --scenarios the editor schema of scenario files. */
export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description(
      'print the JSON Schema of the Response as it goes on the wire (--scenarios: of scenario files, for editors)',
    )
    .option(
      '--scenarios',
      `print the JSON Schema of scenario files instead (the package ships it as ${EDITOR_SCHEMA_PATH})`,
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ auth-sim schema > client-authorization.schema.json\n  $ auth-sim schema --scenarios > scenario-file.schema.json',
    )
    .action((flags: { scenarios?: boolean }) => {
      const schema = flags.scenarios === true ? editorScenarioSchema() : wireResponseSchema();
      process.stdout.write(`${JSON.stringify(schema, null, 2)}\n`);
    });
}
