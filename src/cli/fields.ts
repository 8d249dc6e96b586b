import type { Command } from 'commander';
import { renderFieldDocs } from '../protocol/field-docs';

/** `auth-sim fields`: every resource and field of the protocol as Markdown, from the one table. */
export function registerFields(program: Command): void {
  program
    .command('fields')
    .description('print every protocol resource and field (type, required, version, module, deprecation) as Markdown')
    .addHelpText('after', '\nExample:\n  $ auth-sim fields > docs/protocol-fields.md')
    .action(() => {
      process.stdout.write(renderFieldDocs());
    });
}
