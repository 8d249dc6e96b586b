import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { parseScenarioFile } from '../../../src/scenario/schema/parse-scenario-file';
import {
  compileValidator,
  validatorSchema,
  VALIDATOR_NAMES,
  type GeneratedValidator,
  type ValidatorName,
} from '../../../src/scenario/schema/scenario-validators';

// npm test builds dist/ first; the generated validators exist only there.
const root = path.resolve(__dirname, '..', '..', '..');
const generatedDir = path.join(root, 'dist', 'scenario', 'schema', 'generated');

function generated(name: ValidatorName): ValidateFunction {
  const file = path.join(generatedDir, `${name}.js`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build (npm test does) before these tests`);
   
  return (require(file) as GeneratedValidator).validate;
}

function shippedScenarios(dir = path.join(root, 'scenarios')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? shippedScenarios(path.join(dir, e.name))
      : /\.ya?ml$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const WRONG_VALUES: Json[] = [null, 'not-a-value', -1, 1.5, true, [], {}, ['x'], { zz: 1 }];

/** The data itself, then one variant per mutation: every value replaced by wrong ones, every map given an unknown key and each key dropped or misspelt. */
function mutations(data: Json): Json[] {
  const out: Json[] = [data];
  const visit = (node: Json, replace: (value: Json) => Json): void => {
    for (const wrong of WRONG_VALUES) out.push(replace(wrong));
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, (v) => replace(node.map((x, j) => (j === i ? v : x)))));
      return;
    }
    out.push(replace({ ...node, zzUnknown: 1 }));
    for (const key of Object.keys(node)) {
      const { [key]: dropped, ...rest } = node;
      out.push(replace(rest), replace({ ...rest, [`${key}x`]: dropped }));
      visit(dropped, (v) => replace({ ...node, [key]: v }));
    }
  };
  visit(data, (v) => v);
  return out;
}

/** Verdict and errors, in the form check-scenario-file reads them. */
function outcome(validate: ValidateFunction, data: Json): { valid: boolean; errors: ErrorObject[] | null | undefined } {
  const valid = validate(data) === true;
  return { valid, errors: validate.errors && structuredClone(validate.errors) };
}

/**
 * expect(actual).toEqual(expected), asked of util.isDeepStrictEqual first: it is stricter and many
 * times cheaper on these large error objects, so only a difference reaches Jest's matcher and its message.
 */
function expectEqual(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}

const files = shippedScenarios().map(
  (f) => [path.relative(root, f), parseScenarioFile(f, readFileSync(f, 'utf8')).data as Json] as const,
);

describe('the validators generated at build time', () => {
  const runtime = Object.fromEntries(VALIDATOR_NAMES.map((n) => [n, compileValidator(validatorSchema(n))])) as Record<
    ValidatorName,
    ValidateFunction
  >;

  test.each(files)('give the same verdict and errors as Ajv at run time over %s and its mutations', (_name, data) => {
    const variants = mutations(data);
    let invalid = 0;
    for (const variant of variants) {
      const expected = outcome(runtime['scenario-file'], variant);
      expectEqual({ variant, ...outcome(generated('scenario-file'), variant) }, { variant, ...expected });
      if (!expected.valid) invalid++;
    }
    expect(variants.length).toBeGreaterThan(50);
    expect(invalid).toBeGreaterThan(variants.length / 2);
    expect(outcome(runtime['scenario-file'], data).valid).toBe(true);
  });

  test.each(files)(
    'check single entries as Ajv does at run time (the entry validator) over the entries of %s',
    (_name, data) => {
      const tokens = (data as { tokens?: Record<string, Json> }).tokens ?? {};
      const entries = Object.values(tokens).slice(0, 5);
      for (const variant of entries.flatMap(mutations)) {
        expectEqual(
          { variant, ...outcome(generated('scenario-entry'), variant) },
          { variant, ...outcome(runtime['scenario-entry'], variant) },
        );
      }
    },
  );

  test("keep each error's parent schema, whose title and description the messages quote", () => {
    const validate = generated('scenario-file');
    expect(validate({ tokens: { alice: { client: { id: '1', surnmae: 'x' }, status: 'soon' } } })).toBe(false);
    const unknown = validate.errors?.find((e) => e.keyword === 'additionalProperties');
    expect(unknown?.parentSchema).toMatchObject({ title: 'Client' });
    expect(unknown?.parentSchema?.properties).toHaveProperty('surname');
    const status = validate.errors?.find((e) => e.instancePath === '/tokens/alice/status');
    expect(status?.parentSchema).toMatchObject({
      description:
        'an HTTP status from 200 to 599 (1xx are interim: the client would wait for an answer that never comes)',
    });
  });

  test('are what the built code checks with while they match the schema', () => {
     
    const built = require(
      path.join(root, 'dist', 'scenario', 'schema', 'scenario-validators.js'),
    ) as typeof import('../../../src/scenario/schema/scenario-validators');
    for (const name of VALIDATOR_NAMES) expect(built.loadValidator(name)).toBe(generated(name));
  });
});

describe('loading a validator', () => {
  // Where src/'s loader finds the generated module under jest (test/helpers/resolve-generated-validators.js).
  const generatedPath = path.join(generatedDir, 'scenario-file.js');
  const fake = Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;

  function loadWith(schemaJson: string): ValidateFunction {
    let loaded: ValidateFunction | undefined;
    jest.isolateModules(() => {
      jest.doMock(generatedPath, () => ({ validate: fake, schemaJson }));
       
      loaded = (
        require('../../../src/scenario/schema/scenario-validators') as typeof import('../../../src/scenario/schema/scenario-validators')
      ).loadValidator('scenario-file');
    });
    jest.dontMock(generatedPath);
    return loaded as ValidateFunction;
  }

  test('takes the generated code when it was built from the current schema', () => {
    expect(loadWith(JSON.stringify(validatorSchema('scenario-file')))).toBe(fake);
  });

  test('compiles with Ajv instead when the generated code is from an older schema (a dist built before a field change)', () => {
    const validate = loadWith(JSON.stringify({ ...validatorSchema('scenario-file'), title: 'older' }));
    expect(validate).not.toBe(fake);
    expect(validate({ tokens: {}, zzUnknown: 1 })).toBe(false);
  });
});
