import path from 'node:path';
import { validate, compileErrors } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020';
import { RESOURCE_NAMES, RESOURCES } from '../../src/protocol/fields';
import { spawnSync } from 'node:child_process';
import ts from 'typescript';
import { runCli } from '../helpers/spawn-cli';
import { makeTempDir } from '../helpers/temp-dir';

const SCENARIOS = path.resolve(__dirname, '../../scenarios');

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<
          string,
          { content: { 'application/json': { examples?: Record<string, { value: unknown }> } } }
        >;
      }
    >
  >;
  components: {
    schemas: Record<
      string,
      { properties: Record<string, { type?: unknown; $ref?: string; description?: string; deprecated?: boolean }> }
    >;
  };
};

/** What `auth-sim openapi` printed, per argument list: each distinct run is made once per file. */
const printed = new Map<string, string>();

/** The document `auth-sim openapi ...args` prints, as text. */
function openapiText(...args: string[]): string {
  const key = JSON.stringify(args);
  if (!printed.has(key)) {
    const run = runCli(['openapi', ...args]);
    expect([run.status, run.stderr]).toEqual([0, '']);
    printed.set(key, run.stdout);
  }
  return printed.get(key)!;
}

/** The same, parsed: a fresh copy each time, for tests that change it. */
function openapi(...args: string[]): Doc {
  return JSON.parse(openapiText(...args)) as Doc;
}

/** Every example of an operation's answers, checked against the schema it sits under (Ajv in 2020-12 mode, OpenAPI 3.1's dialect). */
function invalidExamples(doc: Doc): string[] {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allowUnionTypes: true });
  ajv.addSchema({ $id: 'doc', components: doc.components });
  const bad: string[] = [];
  for (const [route, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      for (const [status, answer] of Object.entries(op.responses)) {
        const schema = status === '200' ? 'Response' : 'Error';
        const check = ajv.getSchema(`doc#/components/schemas/${schema}`)!;
        for (const [token, example] of Object.entries(answer.content['application/json'].examples ?? {})) {
          if (!check(example.value)) bad.push(`${method} ${route} ${status} ${token}: ${ajv.errorsText(check.errors)}`);
        }
      }
    }
  }
  return bad;
}

describe.each([['strings'], ['typed']])('auth-sim openapi --wire %s --scenarios scenarios/', (wire) => {
  let doc: Doc;
  beforeAll(() => {
    doc = openapi('--wire', wire, '--scenarios', SCENARIOS);
  });

  it('passes @readme/openapi-parser, a real OpenAPI 3.1 validator, with no warnings', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? result.warnings : compileErrors(result)).toEqual([]);
  });

  it('describes both operations, every resource and the error body, field by field from the table', () => {
    expect(Object.entries(doc.paths).map(([route, ops]) => `${Object.keys(ops).join()} ${route}`)).toEqual([
      'get /rest/chat/client/id/{token}',
      'post /rest/chat/client/id/',
    ]);
    expect(Object.keys(doc.components.schemas)).toEqual([...RESOURCE_NAMES, 'Error']);
    for (const resource of RESOURCE_NAMES)
      expect(Object.keys(doc.components.schemas[resource].properties)).toEqual(RESOURCES[resource].map((f) => f.name));
    expect(Object.keys(doc.components.schemas.Error.properties)).toEqual(['errorCode', 'errorText']);
  });

  it('gives served answers of the shipped scenarios as examples, each valid against its schema', () => {
    const get = doc.paths['/rest/chat/client/id/{token}'].get.responses;
    expect(get.default.content['application/json'].examples?.expired.value).toEqual({
      errorCode: 'TOKEN_EXPIRED',
      errorText: 'token expired',
    });
    expect(Object.keys(get['200'].content['application/json'].examples ?? {}).length).toBeGreaterThan(3);
    expect(invalidExamples(doc)).toEqual([]);
  });
});

test('the wire form has all-string scalars; typed has JSON booleans and numbers; versions and deprecation are in descriptions', () => {
  const strings = openapi().components.schemas;
  const typed = openapi('--wire', 'typed').components.schemas;
  expect([strings.Client.properties.enabled.type, typed.Client.properties.enabled.type]).toEqual(['string', 'boolean']);
  expect([strings.Group.properties.id.type, typed.Group.properties.id.type]).toEqual(['string', ['integer', 'string']]);
  expect(strings.Client.properties.crmURL).toMatchObject({
    description:
      'Full link to open the client in the CRM (String; optional; since protocol 1.0; deprecated: use actionList).',
    deprecated: true,
  });
  expect(strings.Response.properties.companyList.description).toBe(
    'Organizations the current client belongs to (List<Company>; optional; since protocol 1.0; served only with the auth-b-api or corporate module). Expected: a list of Company objects.',
  );
});

test('an example shows only under the wire style its entry is served in', () => {
  const tokensOf = (doc: Doc) =>
    Object.keys(
      doc.paths['/rest/chat/client/id/{token}'].get.responses['200'].content['application/json'].examples ?? {},
    );
  expect([
    tokensOf(openapi('--scenarios', SCENARIOS)).includes('typed-card'),
    tokensOf(openapi('--wire', 'typed', '--scenarios', SCENARIOS)).includes('typed-card'),
  ]).toEqual([false, true]);
});

test('a broken document fails the same validator, so the checks above can fail', async () => {
  const doc = openapi() as unknown as { paths: Record<string, Record<string, { parameters: { in: string }[] }>> };
  doc.paths['/rest/chat/client/id/{token}'].get.parameters[0].in = 'query';
  const result = await validate(doc as never);
  expect(result.valid ? [] : compileErrors(result).split('\n')[0]).toBe('OpenAPI schema validation failed.');
});

test('a --wire style that does not exist is refused', () => {
  const run = runCli(['openapi', '--wire', 'xml']);
  expect([run.status, run.stderr.split('\n')[0]]).toEqual([
    1,
    "error: option '--wire <style>' argument 'xml' is invalid. Allowed choices are strings, typed.",
  ]);
});

test('a chat-server team generates a typed client from it (openapi-typescript) and a wrong field type fails to compile', () => {
  const dir = makeTempDir();
  try {
    const spec = dir.write('auth.openapi.json', openapiText());
    const generator = spawnSync(
      process.execPath,
      [
        path.resolve(__dirname, '../../node_modules/openapi-typescript/bin/cli.js'),
        spec,
        '-o',
        path.join(dir.path, 'auth.d.ts'),
      ],
      { encoding: 'utf8' },
    );
    expect(generator.status).toBe(0);
    const card = "paths['/rest/chat/client/id/{token}']['get']['responses']['200']['content']['application/json']";
    const client = dir.write(
      'client.ts',
      `import type { paths } from './auth';\n` +
        `export const ok: ${card} = { client: { id: '1', name: 'A B', surname: 'A', firstname: 'B', type: '0', enabled: 'true' } };\n` +
        `export const typed: ${card} = { client: { id: '1', name: 'A B', surname: 'A', firstname: 'B', type: '0', enabled: true } };\n`,
    );
    const program = ts.createProgram([client], { strict: true, noEmit: true, skipLibCheck: true, types: [] });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file!.getLineAndCharacterOfPosition(d.start!).line + 1}: TS${d.code}`);
    expect(errors).toEqual(['3: TS2322']);
  } finally {
    dir.remove();
  }
});
