import { Command, Help } from 'commander';
import { registerServe } from './serve';
import type * as CheckCommand from './check';
import type * as FieldsCommand from './fields';
import type * as GenerateCommand from './generate';
import type * as OpenapiCommand from './openapi';
import type * as RecordCommand from './record';
import type * as SchemaCommand from './schema';
import type * as ValidateCommand from './validate';
import type * as OutageCommand from './outage';
import type * as ReportCommand from './report';
import type * as RunCommand from './run';
import type * as McpCommand from './mcp';
import type * as ExportCommand from './export';
import { didYouMean } from '../scenario/base/suggest';
import { PROTOCOL_PATH } from '../protocol/endpoints';
import { packageVersion } from '../server/admin/package-version';

type Register = (program: Command) => void;

/**
 * The commands besides `serve`, in help order, each required only when it is run or the whole help
 * is shown: a plain start loads serve's code alone, not check's, record's, synth's or the schemas'.
 */
const OTHER_COMMANDS: readonly (readonly [name: string, load: () => Register])[] = [
  ['validate', () => (require('./validate') as typeof ValidateCommand).registerValidate],
  ['schema', () => (require('./schema') as typeof SchemaCommand).registerSchema],
  ['fields', () => (require('./fields') as typeof FieldsCommand).registerFields],
  ['generate', () => (require('./generate') as typeof GenerateCommand).registerGenerate],
  ['check', () => (require('./check') as typeof CheckCommand).registerCheck],
  ['record', () => (require('./record') as typeof RecordCommand).registerRecord],
  ['outage', () => (require('./outage') as typeof OutageCommand).registerOutage],
  ['openapi', () => (require('./openapi') as typeof OpenapiCommand).registerOpenApi],
  ['run', () => (require('./run') as typeof RunCommand).registerRun],
  ['report', () => (require('./report') as typeof ReportCommand).registerReport],
  ['export', () => (require('./export') as typeof ExportCommand).registerExport],
  ['mcp', () => (require('./mcp') as typeof McpCommand).registerMcp],
];

/**
 * Builds the command-line program; one file per command registers itself. Given the arguments, it
 * registers only the command they name (serve when they name none), unless they ask for help.
 */
export function buildProgram(args?: readonly string[]): Command {
  const program = new Command('auth-sim')
    .description('A simulator of the chat client authorization service, driven by YAML scenarios')
    .usage('[serve] [options]\n       auth-sim <command> [options]')
    .version(packageVersion(), '-V, --version', 'print the version')
    .showHelpAfterError('(run auth-sim --help for usage)');
  const serve = registerServe(program);
  const named = args === undefined || args.some(isHelpWord) ? undefined : args[0];
  for (const [name, load] of OTHER_COMMANDS) if (named === undefined || named === name) load()(program);
  showServeOptionsAtTop(program, serve);
  // A subcommand's usage error points to its own help, where its flags are.
  for (const command of program.commands)
    if (command !== serve) command.showHelpAfterError(`(run auth-sim ${command.name()} --help for usage)`);
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
    `\nExample:\n  $ npx auth-sim --scenarios ./scenarios --port 8080\n  $ curl http://127.0.0.1:8080${PROTOCOL_PATH}/alice\n\nEach command has its own --help: auth-sim validate --help`,
  );
}

/** The version in package.json (two levels up from both src/cli and dist/cli). */
/**
 * A first word that names no command: `serve` is the default and takes no arguments, so commander
 * would say "too many arguments for 'serve'" about a misspelt command; this says what was meant.
 */
export function unknownCommand(first: string | undefined): string | null {
  if (first === undefined || first.startsWith('-') || isHelpWord(first)) return null;
  const names = ['serve', ...OTHER_COMMANDS.map(([name]) => name)];
  if (names.includes(first)) return null;
  return `unknown command "${first}"${didYouMean(first, names)}`;
}

function isHelpWord(arg: string): boolean {
  return arg === '--help' || arg === '-h' || arg === 'help';
}

/** Entry point used by bin/auth-sim.js. */
export function main(argv: readonly string[]): void {
  const unknown = unknownCommand(argv[2]);
  if (unknown !== null) {
    process.stderr.write(`auth-sim: ${unknown}\n(run auth-sim --help for the commands)\n`);
    process.exitCode = 1;
    return;
  }
  buildProgram(argv.slice(2))
    .parseAsync(argv as string[])
    .catch((error: Error) => {
      process.stderr.write(`auth-sim: ${error.message}\n`);
      process.exitCode = 1;
    });
}
