'use strict';
/**
 * `tsc -p tsconfig.json` in a user's project (cwd), as test/api/installed-package.test.ts runs it,
 * through the compiler's API so that it checks only what the installed tarball brought: the
 * project's own files and every .d.ts under the folder given (the project's node_modules, or the
 * package's folder in it). tsc itself checks every declaration file it loads, the
 * project's ambient types too (@types/node and @types/jest, from this repo): twice as many
 * seconds, none of them about this package. The options, the program, the diagnostics of the
 * files checked, their format and the exit code are tsc's; the project's own files are emitted.
 */
const path = require('node:path');
const ts = require('typescript');

if (process.argv.length !== 3) throw new Error('usage: tsc-installed.js <folder whose .d.ts files to check>');
const installed = path.resolve(process.argv[2]) + path.sep;

const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail([d]) };
const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, host);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const own = new Set(config.fileNames.map((file) => path.resolve(file)));
const checked = program
  .getSourceFiles()
  .filter((file) => own.has(path.resolve(file.fileName)) || path.resolve(file.fileName).startsWith(installed));
if (!checked.some((file) => path.resolve(file.fileName).startsWith(installed)))
  throw new Error(`the program loads nothing from ${installed}: nothing of the package would be checked`);

const diagnostics = [
  ...program.getConfigFileParsingDiagnostics(),
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...checked.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
];
// Emitting one file asks the checker about that file only (a whole-program emit checks every file).
for (const file of checked)
  if (own.has(path.resolve(file.fileName))) diagnostics.push(...program.emit(file).diagnostics);
if (diagnostics.length > 0) fail(diagnostics);

function fail(found) {
  const format = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
  process.stdout.write(ts.formatDiagnostics(found, format));
  process.exit(2);
}
