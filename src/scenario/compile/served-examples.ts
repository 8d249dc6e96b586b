import type { JsonSchema } from '../../protocol/json-schema';
import type { OpenApiExample } from '../../protocol/openapi';
import { DEFAULT_WIRE_OPTIONS, type WireStyle } from '../../protocol/wire-encode';
import { loadScenarioSet, type PopulationCompiler } from './load-scenario-set';
import type { Problem } from '../base/problem';
import { previewAnswer } from './compile-entry';
import type { ScenarioText } from '../base/read-scenario-sources';

/**
 * What each named token of a scenario set answers on its first request, as OpenAPI examples:
 * the very bytes the server would send, with `wire` as the default style. Faults and bodiless
 * answers have nothing to show, and an entry that sets another wire style or protocol does not
 * fit the document's schemas (`components.schemas`, checked with Ajv in OpenAPI 3.1's JSON
 * Schema 2020-12 dialect): those are left out.
 */
export function servedExamples(
  texts: readonly ScenarioText[],
  wire: WireStyle,
  schemas: JsonSchema,
  compilePopulations: PopulationCompiler,
): { examples: OpenApiExample[]; problems: readonly Problem[] } {
  const loaded = loadScenarioSet(texts, { wire: { ...DEFAULT_WIRE_OPTIONS, wire } }, compilePopulations);
  if (!loaded.ok) return { examples: [], problems: loaded.problems };
  const fits = exampleCheck(schemas);
  const examples: OpenApiExample[] = [];
  for (const [token, entry] of loaded.set.entries) {
    const { reply, fault } = previewAnswer(entry, token);
    if (fault || reply.body === null || reply.body.length === 0) continue;
    try {
      const example = { token, status: reply.status, body: JSON.parse(reply.body.toString('utf8')) as unknown };
      if (fits(example)) examples.push(example);
    } catch {
      // A reply-only fault (malformed, truncated, html) carries bytes that are not JSON on purpose.
    }
  }
  return { examples, problems: loaded.set.warnings };
}

function exampleCheck(schemas: JsonSchema): (example: OpenApiExample) => boolean {
  // Required here, not imported: only `auth-sim openapi --scenarios` needs the 2020-12 dialect.

  const { default: Ajv2020 } = require('ajv/dist/2020') as typeof import('ajv/dist/2020');
  // strict off: `format: int64` and OpenAPI's own keywords are not Ajv's business here.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allowUnionTypes: true });
  ajv.addSchema({ $id: 'openapi', components: { schemas } });
  const response = ajv.getSchema('openapi#/components/schemas/Response');
  const error = ajv.getSchema('openapi#/components/schemas/Error');
  return (example) => (example.status === 200 ? response : error)?.(example.body) === true;
}
