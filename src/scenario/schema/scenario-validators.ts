import path from 'node:path';
import type { Options, ValidateFunction } from 'ajv';
import type { JsonSchema } from '../../protocol/json-schema';
import { scenarioFileSchema } from './scenario-schema';
import { ADMIN_BODY_NAMES, adminBodySchema, type AdminBodyName } from './admin-body-schemas';

/** The validators: a whole scenario file, one entry given on its own (admin API, programs), and the admin bodies. */
export const VALIDATOR_NAMES = ['scenario-file', 'scenario-entry', ...ADMIN_BODY_NAMES] as const;

/** One of VALIDATOR_NAMES; also the generated module's file name. */
export type ValidatorName = (typeof VALIDATOR_NAMES)[number];

/**
 * Ajv's options for every scenario validator, at build time and at run time alike, so both report the same errors.
 * @keep scripts/build-validators.js reads it from dist/
 */
export const VALIDATOR_OPTIONS: Options = { allErrors: true, verbose: true, strict: true, allowUnionTypes: true };

const schemas = new Map<ValidatorName, JsonSchema>();

/**
 * The schema a validator checks (the entry one is the file schema's Entry definition on its own),
 * built once per process: it never changes, and every read walks it (control-scalars.ts).
 */
export function validatorSchema(name: ValidatorName): JsonSchema {
  let schema = schemas.get(name);
  if (!schema && isAdminBody(name)) schemas.set(name, (schema = adminBodySchema(name)));
  if (!schema) {
    const file = scenarioFileSchema();
    schema = name === 'scenario-file' ? file : { $id: 'auth-sim-scenario-entry', $ref: '#/$defs/Entry', $defs: file.$defs };
    schemas.set(name, schema);
  }
  return schema;
}

function isAdminBody(name: ValidatorName): name is AdminBodyName {
  return (ADMIN_BODY_NAMES as readonly string[]).includes(name);
}

/** What `scripts/build-validators.js` writes to `dist/scenario/schema/generated/<name>.js`. */
export interface GeneratedValidator {
  readonly validate: ValidateFunction;
  /** JSON of the schema it was generated from, to notice a dist built before the schema changed. */
  readonly schemaJson: string;
}

/**
 * The validator prebuilt at build time when `npm run build` generated it from this very schema;
 * otherwise (tests running from src/, a dist out of date) compiled with Ajv now. Compiling costs
 * ~120 ms and loading Ajv ~35 ms more, which the generated code saves at startup.
 */
export function loadValidator(name: ValidatorName): ValidateFunction {
  const schema = validatorSchema(name);
  const generated = loadGenerated(name);
  if (generated && generated.schemaJson === JSON.stringify(schema)) return generated.validate;
  return compileValidator(schema);
}

/** Compiles a validator with Ajv at run time (the fallback, and the reference the generated code is tested against). */
export function compileValidator(schema: JsonSchema): ValidateFunction {
  // Ajv is required here, not imported: with the generated validators it is never loaded at all.
   
  const { default: Ajv } = require('ajv') as typeof import('ajv');
  return new Ajv(VALIDATOR_OPTIONS).compile(schema);
}

function loadGenerated(name: ValidatorName): GeneratedValidator | undefined {
  try {
    // Present only in dist/, after `npm run build`; jest's runs of src/ resolve it there (test/helpers/resolve-generated-validators.js).
    // A computed path, so that the CLI's bundle (scripts/bundle-cli.js) leaves the file outside and reads it on first use.
    return require(path.join(__dirname, 'generated', `${name}.js`)) as GeneratedValidator;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}
