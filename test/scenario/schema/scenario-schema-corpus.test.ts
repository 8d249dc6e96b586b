import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { editorScenarioSchema, EDITOR_SCHEMA_PATH } from '../../../src/scenario/schema/editor-schema';
import { packedPackage } from '../../helpers/installed-package';
import {
  ADMIN_BODY_NAMES,
  adminBodySchemaPath,
  shippedAdminBodySchema,
} from '../../../src/scenario/schema/admin-body-schemas';
import { validatorSchema } from '../../../src/scenario/schema/scenario-validators';
import { loadSet } from '../../helpers/load-set';
import { runCli } from '../../helpers/spawn-cli';
import { shippedScenarios } from '../../helpers/yaml-corpus';

const corpus = join(__dirname, '../../fixtures/scenario-corpus');
const filesIn = (dir: string): string[] =>
  readdirSync(join(corpus, dir))
    .sort()
    .map((f) => join(corpus, dir, f));
const read = (file: string): string => readFileSync(file, 'utf8');

/** The editor schema compiled strictly (an unknown keyword would throw), checking data as a YAML 1.2 editor reads it. */
const editorAccepts = (() => {
  // errorMessage is yaml-language-server's own keyword: the message it shows where a rule is broken.
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true, keywords: ['errorMessage'] });
  const validate = ajv.compile(editorScenarioSchema());
  return (text: string) => validate(parse(text));
})();

describe('the editor schema and the loader agree', () => {
  it.each(
    [...shippedScenarios(), ...filesIn('valid')].map((f) => [
      f.slice(f.indexOf('/', f.lastIndexOf('scenario')) + 1),
      f,
    ]),
  )('%s loads and passes the editor schema', (_name, file) => {
    const loaded = loadSet([{ file, text: read(file) }]);
    expect(loaded.ok ? [] : loaded.problems.map((p) => p.message)).toEqual([]);
    expect(editorAccepts(read(file))).toBe(true);
  });

  it.each(filesIn('invalid').map((f) => [f.slice(corpus.length + 1), f]))(
    '%s fails the loader and the editor schema',
    (_name, file) => {
      // The whole load: some rules (a body on a 204, a framing header) are checked past the schema.
      const loaded = loadSet([{ file, text: read(file) }]);
      expect(loaded.ok ? [] : loaded.problems.filter((p) => p.severity === 'error')).not.toEqual([]);
      expect(editorAccepts(read(file))).toBe(false);
    },
  );
});

describe('scalars as an editor reads them (YAML 1.2 core)', () => {
  const card = (extra: string) =>
    `tokens:\n  a:\n    errorCode: 404\n    client: { id: 00123, name: 2024, surname: true, firstname: 1.5, type: 0, enabled: true, fields: { k: false }${extra} }\n`;
  it.each([
    ['plain numbers and booleans in String fields, and a plain true in a Boolean field', card(''), true],
    ['a whole number in a Long field', card(', bankBranch: { id: 12 }'), true],
    ['a Boolean that is neither true nor false', card(', betaUser: maybe'), false],
    ['a fraction in a Long field', card(', bankBranch: { id: 1.5 }'), false],
  ])('%s', (_what, text, accepted) => {
    expect(editorAccepts(text)).toBe(accepted);
  });
});

describe('the shipped editor schema', () => {
  it('is the generated schema, written at build to the stable path', () => {
    const shipped = JSON.parse(read(join(__dirname, '../../..', EDITOR_SCHEMA_PATH)));
    expect(shipped).toEqual(editorScenarioSchema());
  });

  it('is what auth-sim schema --scenarios prints, while auth-sim schema keeps printing the wire Response schema', () => {
    const scenarios = runCli(['schema', '--scenarios']);
    const wire = runCli(['schema']);
    expect([scenarios.status, scenarios.stderr, wire.status, wire.stderr]).toEqual([0, '', 0, '']);
    expect(JSON.parse(scenarios.stdout)).toEqual(editorScenarioSchema());
    expect(JSON.parse(wire.stdout).title).toBe('Client authorization Response');
  });

  it('ships the admin bodies\' schemas beside it, each the one the admin API checks with', () => {
    for (const name of ADMIN_BODY_NAMES) {
      const shipped = JSON.parse(read(join(__dirname, '../../..', adminBodySchemaPath(name))));
      expect([name, shipped]).toEqual([name, shippedAdminBodySchema(name)]);
      expect(shipped).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#', ...validatorSchema(name), $id: undefined });
    }
  });

  it('is in the published package, beside the examples that name it and the admin bodies\' schemas', async () => {
    // The tarball the installed-package suites install (npm pack, once per run).
    const shipped = (await packedPackage()).files;
    expect(shipped).toContain(EDITOR_SCHEMA_PATH);
    expect(shipped).toEqual(expect.arrayContaining(ADMIN_BODY_NAMES.map(adminBodySchemaPath)));
    expect(shipped).toContain('scenarios/retail.yaml');
  });

  it("shows a field's meaning, type, version and deprecation on hover", () => {
    const defs = editorScenarioSchema().$defs as Record<
      string,
      { properties: Record<string, { description: string; deprecated?: boolean }> }
    >;
    expect(defs.Client.properties.crmURL).toMatchObject({
      description:
        'Full link to open the client in the CRM (String; optional; since protocol 1.0; deprecated: use actionList). Expected: a string.',
      deprecated: true,
    });
    expect(defs.Client.properties.actionList.description).toBe(
      'Link buttons as name and value pairs (List<ActionList>; optional; since protocol 1.4). Expected: a list of ActionList objects.',
    );
    expect(defs.Entry.properties.status.description).toBe(
      'The HTTP status of the answer (default 200); a 204 or 304 has no body, so body fields on one are refused. Expected: an HTTP status from 200 to 599 (1xx are interim: the client would wait for an answer that never comes).',
    );
  });

  it('starts every shipped example with the line that points yaml-language-server at it', () => {
    for (const file of shippedScenarios()) {
      const depth = file.split('/scenarios/')[1].split('/').length;
      expect(read(file).split('\n')[0]).toBe(
        `# yaml-language-server: $schema=${'../'.repeat(depth)}${EDITOR_SCHEMA_PATH}`,
      );
    }
  });
});
