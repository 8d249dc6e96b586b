import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, Help } from 'commander';
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
    .usage('[serve] [options]\n       auth-sim <command> [options]')
    .version(packageVersion(), '-V, --version', 'print the version')
    .showHelpAfterError('(run auth-sim --help for usage)');
  const serve = registerServe(program);
  for (const register of [
    registerValidate,
    registerSchema,
    registerFields,
    registerGenerate,
    registerCheck,
    registerRecord,
    registerOpenApi,
  ])
    register(program);
  showServeOptionsAtTop(program, serve);
  return program;
}

/**
 * `serve` is the default command (`auth-sim --scenarios dir`), so the top-level help lists its
 * options, then the program's own, then the commands: a newcomer sees every flag on one screen.
 */
function showServeOptionsAtTop(program: Command, serve: Command): void {
  const standard = new Help();
  program.configureHelp({
    visibleOptions: (cmd) =>
      cmd === program
        ? [...serve.options.filter((o) => !o.hidden), ...standard.visibleOptions(program)]
        : standard.visibleOptions(cmd),
  });
  program.addHelpText(
    'after',
    '\nExample:\n  $ npx auth-sim --scenarios ./scenarios --port 8080\n  $ curl http://127.0.0.1:8080/rest/chat/client/id/alice\n\nEach command has its own --help: auth-sim validate --help',
  );
}

/** The version in package.json (two levels up from both src/cli and dist/cli). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string })
    .version;
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
