import { Command } from 'commander';
import { registerServe } from './serve';
import { registerValidate } from './validate';
import { registerSchema } from './schema';
import { registerFields } from './fields';
import { registerGenerate } from './generate';
import { registerCheck } from './check';
import { registerRecord } from './record';
import { registerOpenApi } from './openapi';

/** Builds the command-line program; one file per command registers itself. */
export function buildProgram(): Command {
  const program = new Command('auth-sim')
    .description('A simulator of the chat client authorization service, driven by YAML scenarios')
    .showHelpAfterError('(run auth-sim --help for usage)');
  registerServe(program);
  registerValidate(program);
  registerSchema(program);
  registerFields(program);
  registerGenerate(program);
  registerCheck(program);
  registerRecord(program);
  registerOpenApi(program);
  return program;
}

/** Entry point used by bin/auth-sim.js. */
export function main(argv: readonly string[]): void {
  buildProgram()
    .parseAsync(argv as string[])
    .catch((error: Error) => {
      process.stderr.write(`auth-sim: ${error.message}\n`);
      process.exitCode = 1;
    });
}
