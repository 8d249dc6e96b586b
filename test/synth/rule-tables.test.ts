import path from 'node:path';
import ts from 'typescript';

// Synth's rule tables are keyed by the field table's own names (FieldRules), so the compiler,
// not a runtime check, catches a field the generator does not fill or a rule for no field.
const ROOT = path.join(__dirname, '../..');
const PROBE = path.join(ROOT, 'test/synth/rule-table-probe.ts');
const SOURCE = `import type { FieldRules } from '../../src/synth/assemble-resource';
import { CLIENT_RULES, type ClientFacts } from '../../src/synth/client-card';
const { secretWord: _dropped, ...rest } = CLIENT_RULES;
export const missing: FieldRules<'Client', ClientFacts> = rest;
export const misspelt: FieldRules<'Client', ClientFacts> = { ...CLIENT_RULES, secretWrod: () => 'x' };
export const complete: FieldRules<'Client', ClientFacts> = CLIENT_RULES;
`;

test('a rule table missing a protocol field, or naming one the table lacks, does not compile', () => {
  const host = ts.createCompilerHost({});
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (path.resolve(file) === PROBE ? SOURCE : readFile(file));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => path.resolve(file) === PROBE || fileExists(file);
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    esModuleInterop: true,
  };
  const program = ts.createProgram([PROBE], options, host);
  // The probe's own diagnostics (with the program-wide ones); src/ itself is npm run build's to check.
  const probe = program.getSourceFile(PROBE);
  expect(probe).toBeDefined();
  const problems = ts
    .getPreEmitDiagnostics(program, probe)
    .map(
      (d) =>
        `${d.file ? path.relative(ROOT, d.file.fileName) + ':' + (d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1) : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]}`,
    );
  expect(problems).toEqual([
    expect.stringMatching(/^test\/synth\/rule-table-probe\.ts:4 Property 'secretWord' is missing in type /),
    "test/synth/rule-table-probe.ts:5 Object literal may only specify known properties, but 'secretWrod' does not exist in type 'FieldRules<\"Client\", ClientFacts>'. Did you mean to write 'secretWord'?",
  ]);
});
