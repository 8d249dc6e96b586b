import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
const fixture = (name: string) => path.join(__dirname, 'fixtures', name);
const README_EXAMPLE = path.join(root, 'test/api/readme-example.test.ts');

/**
 * One program over every fixture, compiled as a user's strict TypeScript project would compile
 * it, with `auth-sim` resolving to this package's sources.
 */
function compile(files: readonly string[]): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node', 'jest'],
    baseUrl: root,
    paths: { 'auth-sim': ['src/index.ts'] },
  };
  const program = ts.createProgram(files, options);
  const byFile = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const name = d.file?.fileName ?? '(global)';
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    const key = files.find((f) => path.resolve(f) === path.resolve(name)) ?? name;
    byFile.set(key, [...(byFile.get(key) ?? []), `${line}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n').pop()?.trim()}`]);
  }
  return byFile;
}

let results: Map<string, string[]>;
beforeAll(() => {
  results = compile([
    README_EXAMPLE,
    fixture('typed-scenarios.ts'),
    fixture('wrong-field.ts'),
    fixture('wrong-fault.ts'),
    fixture('wrong-status-type.ts'),
    fixture('wrong-top-key.ts'),
  ]);
}, 60_000);

test('the README example and a scenario using every key compile under strict', () => {
  expect(results.get(README_EXAMPLE)).toEqual([]);
  expect(results.get(fixture('typed-scenarios.ts'))).toEqual([]);
});

test.each([
  ['a misspelt Client field', 'wrong-field.ts', [`5: TS2561 Object literal may only specify known properties, but 'surnmae' does not exist in type 'ResourceInput<"Client">'. Did you mean to write 'surname'?`]],
  ['an unknown fault name in setToken', 'wrong-fault.ts', [`5: TS2322 Type '"explode"' is not assignable to type 'Fault | undefined'.`]],
  ['a status written as a string', 'wrong-status-type.ts', [`3: TS2322 Type 'string' is not assignable to type 'number'.`]],
  ['an unknown top-level key', 'wrong-top-key.ts', [`3: TS2561 Object literal may only specify known properties, but 'tokns' does not exist in type 'ScenarioFile'. Did you mean to write 'tokens'?`]],
])('%s fails to compile', (_what, name, expected) => {
  expect(results.get(fixture(name))).toEqual(expected);
});
