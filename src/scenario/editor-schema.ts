import { RESOURCE_NAMES, RESOURCES } from '../protocol/fields';
import { notesAsDescriptions, type JsonSchema } from '../protocol/json-schema';
import { scenarioFileSchema } from './scenario-schema';

/** Where the package ships the editor schema, relative to the package root (built by scripts/write-editor-schema.js). */
export const EDITOR_SCHEMA_PATH = 'schema/scenario-file.schema.json';

/**
 * YAML 1.2 core, which editors apply, reads `id: 00123` as a number and `name: yes` or
 * `name: true` as other types, while auth-sim reads every scalar as text: a String field takes
 * all of them. Said in the published schema's `$comment` too.
 */
const TEXT_SCALAR_TYPES = ['string', 'number', 'boolean'];

/**
 * The scenario file schema for editors (yaml-language-server, JetBrains): the very schema the
 * loader validates with (scenario-schema.ts), with each node's `$comment` (what a field or key
 * is: meaning, type, version, deprecation) moved into the `description` an editor shows on hover,
 * and String fields as permissive as the loader's text reading. Not a second description: a
 * key added to the loader's schema appears here with no change to this file.
 */
export function editorScenarioSchema(): JsonSchema {
  const { $id: _id, ...loader } = scenarioFileSchema();
  const schema = notesAsDescriptions(loader);
  const defs = schema.$defs as Record<string, { properties: Record<string, JsonSchema> }>;
  for (const resource of RESOURCE_NAMES) {
    for (const spec of RESOURCES[resource]) {
      const field = defs[resource].properties[spec.name];
      if (spec.type === 'String') {
        field.type = TEXT_SCALAR_TYPES;
        field.$comment = 'auth-sim reads scalars as text, so 00123, 12.50 or true written plain stay text; YAML 1.2 editors see numbers and booleans';
      }
      if (spec.declaredValues) field.examples = [...spec.declaredValues];
    }
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    ...schema,
    title: 'auth-sim scenario file',
    description: 'An auth-sim scenario file: tokens and their answers, fallback, unavailable, defaults and generated populations',
  };
}
