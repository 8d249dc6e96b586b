import { dirname, join, relative, resolve, sep } from 'node:path';
import { RESOURCE_NAMES, RESOURCES, type FieldSpec } from '../../protocol/fields';
import { notesAsDescriptions, type JsonSchema } from '../../protocol/json-schema';
import { scenarioFileSchema } from './scenario-schema';
import { BODYLESS_STATUSES } from '../../protocol/endpoints';
import { bodylessStatusReason, FRAMING_HEADER_REASON, FRAMING_HEADERS, RESPONSE_FIELDS } from './wire-framing-rules';

/** Where the package ships the editor schema, relative to the package root (built by scripts/write-editor-schema.js). */
export const EDITOR_SCHEMA_PATH = 'schema/scenario-file.schema.json';

/**
 * The modeline that lets yaml-language-server (VS Code's YAML extension, vim, ...) check a file
 * auth-sim writes (`generate`, `record`): the package's editor schema, relative to where the file
 * is written (stdout: the current directory), so it still resolves when the project moves.
 */
export function editorModeline(out: string | undefined): string {
  const schema = relative(dirname(resolve(out ?? 'here')), join(__dirname, '..', '..', '..', EDITOR_SCHEMA_PATH));
  return `yaml-language-server: $schema=${schema.split(sep).join('/')}`;
}

const AS_TEXT = ['string', 'number', 'boolean'];

/**
 * How a scalar field looks to an editor. auth-sim reads every scalar of a card as the text written
 * (`id: 00123` stays "00123"); yaml-language-server applies YAML 1.2 core, where the same plain
 * scalars are numbers and booleans. So each field admits the YAML types of the texts the loader
 * accepts: any for a String, true/false for a Boolean, whole numbers for an Integer or Long. One
 * gap JSON Schema cannot close: YAML 1.2 also reads `True` and `TRUE` as booleans, which the
 * loader refuses as Booleans (it wants the text true or false) and only `auth-sim validate` reports.
 */
const YAML_CORE_VIEW: Partial<Record<string, JsonSchema>> = {
  String: { type: AS_TEXT },
  Boolean: { enum: [true, false, 'true', 'false'] },
  Integer: { type: ['integer', 'string'] },
  Long: { type: ['integer', 'string'] },
};

const WHY = 'auth-sim reads scalars as text, so 00123, 12.50 or true written plain are accepted as the text written; a YAML 1.2 editor sees numbers and booleans';

/**
 * The scenario file schema for editors (yaml-language-server, JetBrains): the very schema the
 * loader validates with (scenario-schema.ts), with each node's `$comment` (what a field or key
 * is: meaning, type, version, deprecation) moved into the `description` an editor shows on hover,
 * and scalar fields as permissive as the loader's text reading (YAML_CORE_VIEW). Not a second description: a
 * key added to the loader's schema appears here with no change to this file.
 */
export function editorScenarioSchema(): JsonSchema {
  const { $id: _id, ...loader } = scenarioFileSchema();
  const schema = notesAsDescriptions(loader);
  const defs = schema.$defs as Record<string, { properties: Record<string, JsonSchema> }>;
  for (const resource of RESOURCE_NAMES) {
    // An entry and a step hold the Response fields themselves, beside their control keys.
    const holders = resource === 'Response' ? ['Response', 'Entry', 'Step'] : [resource];
    for (const spec of RESOURCES[resource]) for (const holder of holders) asAnEditorSees(defs[holder].properties[spec.name], spec);
  }
  for (const answer of [defs.Entry, defs.Step, (schema.properties as Record<string, JsonSchema>).defaults])
    withWireRules(answer);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    ...schema,
    title: 'auth-sim scenario file',
    description: 'An auth-sim scenario file: tokens and their answers, fallback, unavailable, defaults and generated populations',
  };
}

/** A field's schema as an editor should check it; the loader's description stays (it says what the text must be). */
function asAnEditorSees(field: JsonSchema, spec: FieldSpec): void {
  const view = typeof spec.type === 'string' ? YAML_CORE_VIEW[spec.type] : undefined;
  if (view) {
    delete field.type;
    Object.assign(field, view, { $comment: WHY });
  }
  if (spec.type === 'Map<String,String>') Object.assign(field.additionalProperties as JsonSchema, { type: AS_TEXT, $comment: WHY });
  if (spec.declaredValues) field.examples = [...spec.declaredValues];
}

/**
 * What `validate` refuses beyond the loader's schema (wire-framing-rules.ts, with its reasons), as
 * an editor can flag it while it is typed: body fields on a status that never has a body, and a
 * header auth-sim frames itself. yaml-language-server shows a schema's `errorMessage` (its own
 * keyword) at a property that schema's `false` refuses.
 */
function withWireRules(answer: JsonSchema): void {
  const properties = answer.properties as Record<string, JsonSchema>;
  if (properties.status !== undefined) {
    answer.allOf = Object.keys(BODYLESS_STATUSES).map((status) => ({
      if: { properties: { status: { const: Number(status) } }, required: ['status'] },
      then: {
        properties: Object.fromEntries(RESPONSE_FIELDS.map((name) => [name, false])),
        errorMessage: `status ${bodylessStatusReason(Number(status), 'this field', 'it')}`,
      },
    }));
  }
  properties.headers.allOf = [
    { patternProperties: { [anyCase(FRAMING_HEADERS)]: false }, errorMessage: `this header ${FRAMING_HEADER_REASON}` },
  ];
}

/** A pattern matching any of `names` in any letter case (JSON Schema patterns have no flags). */
function anyCase(names: readonly string[]): string {
  const letters = (name: string) => [...name].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
  return `^(${names.map(letters).join('|')})$`;
}
