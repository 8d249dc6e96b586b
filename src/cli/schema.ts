import type { Command } from 'commander';
import { wireResponseSchema } from '../protocol/json-schema';

/** `auth-sim schema`: the wire JSON Schema of the Response, derived from the protocol table. */
export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('print the JSON Schema of the Response as it goes on the wire')
    .addHelpText('after', '\nExample:\n  $ auth-sim schema > client-authorization.schema.json')
    .action(() => {
      process.stdout.write(`${JSON.stringify(wireResponseSchema(), null, 2)}\n`);
    });
}
