import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { ScenarioFile } from '../../src/api/scenario-types';
import { scenarioFileSchema } from '../../src/scenario/schema/scenario-schema';

const root = path.resolve(__dirname, '../..');
const fixture = (name: string) => path.join(__dirname, 'types-fixtures', name);
const README_EXAMPLE = path.join(root, 'test/api/readme-example.test.ts');

/**
 * One program over every fixture, compiled as a user's strict TypeScript project would compile
 * it, with `auth-sim` resolving to this package's sources.
 */
const OPTIONS: ts.CompilerOptions = {
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

const FILES = [
  README_EXAMPLE,
  fixture('typed-scenarios.ts'),
  fixture('wrong-field.ts'),
  fixture('wrong-fault.ts'),
  fixture('wrong-status-type.ts'),
  fixture('wrong-top-key.ts'),
  fixture('wrong-expect.ts'),
];

/** The editor's view of that project: its program gives the diagnostics, its hovers the tooltips (one program for both). */
const service = ts.createLanguageService({
  getScriptFileNames: () => FILES,
  getScriptVersion: () => '1',
  getScriptSnapshot: (name) =>
    ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name) ?? '') : undefined,
  getCurrentDirectory: () => root,
  getCompilationSettings: () => OPTIONS,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
});

/**
 * Each file's diagnostics, as `line: TScode message`. Only the fixtures are type-checked (what
 * getPreEmitDiagnostics gives for one file); src/ itself is `npm run build`'s to check.
 */
function diagnostics(): Map<string, string[]> {
  const byFile = new Map<string, string[]>(FILES.map((f) => [f, []]));
  const program = service.getProgram()!;
  const checked = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...FILES.flatMap((f) => {
      const file = program.getSourceFile(f);
      if (!file) throw new Error(`${f} is not in the program`);
      return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    }),
  ];
  for (const d of checked) {
    const name = d.file?.fileName ?? '(global)';
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    const key = FILES.find((f) => path.resolve(f) === path.resolve(name)) ?? name;
    byFile.set(key, [
      ...(byFile.get(key) ?? []),
      `${line}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n').pop()?.trim()}`,
    ]);
  }
  return byFile;
}

let results: Map<string, string[]>;
beforeAll(() => {
  results = diagnostics();
}, 60_000);

test('the README example and a scenario using every key compile under strict', () => {
  expect(results.get(README_EXAMPLE)).toEqual([]);
  expect(results.get(fixture('typed-scenarios.ts'))).toEqual([]);
});

test.each([
  [
    'a misspelt Client field',
    'wrong-field.ts',
    [
      `5: TS2561 Object literal may only specify known properties, but 'surnmae' does not exist in type 'ResourceInput<"Client">'. Did you mean to write 'surname'?`,
    ],
  ],
  [
    'an unknown fault name in setToken',
    'wrong-fault.ts',
    [`5: TS2322 Type '"explode"' is not assignable to type 'Fault | undefined'.`],
  ],
  [
    'a status written as a string',
    'wrong-status-type.ts',
    [`3: TS2322 Type 'string' is not assignable to type 'number'.`],
  ],
  [
    'a misspelt back-off shape in expect',
    'wrong-expect.ts',
    [
      `4: TS2820 Type '"exponentail"' is not assignable to type '"none" | "immediate" | "single" | "constant" | "linear" | "exponential" | "irregular" | undefined'. Did you mean '"exponential"'?`,
    ],
  ],
  [
    'an unknown top-level key',
    'wrong-top-key.ts',
    [
      `3: TS2561 Object literal may only specify known properties, but 'tokns' does not exist in type 'ScenarioFile'. Did you mean to write 'tokens'?`,
    ],
  ],
])('%s fails to compile', (_what, name, expected) => {
  expect(results.get(fixture(name))).toEqual(expected);
});

test("ScenarioFile types exactly the schema's top-level keys", () => {
  // `satisfies` makes this list name every key of ScenarioFile and nothing else; the schema must agree.
  const typed = {
    tokens: true,
    fallback: true,
    unavailable: true,
    callerAuthFailed: true,
    defaults: true,
    generate: true,
    expect: true,
  } satisfies Record<keyof ScenarioFile, true>;
  expect(Object.keys(scenarioFileSchema().properties as object).sort()).toEqual(Object.keys(typed).sort());
});

test("hovering a field in an editor shows the table's meaning, type, required and version", () => {
  const file = fixture('typed-scenarios.ts');
  const text = readFileSync(file, 'utf8');
  const hover = (key: string) =>
    ts.displayPartsToString(service.getQuickInfoAtPosition(file, text.indexOf(`${key}:`))?.displayParts);
  expect(hover('surname')).toBe('(property) surname: Field<"Surname (String; required; since 1.0)", string | number>');
  expect(hover('birthDate')).toBe(
    '(property) birthDate?: Field<"Date of birth (Date; optional; since 1.0)", string> | undefined',
  );
  expect(hover('status')).toContain('(property) status?: number | undefined');
});
