import type { JsonSchema } from '../../protocol/json-schema';
import { PASSED_CONTROL_KEYS, RANGE_PATTERN, SYNTH_DEFAULTS } from './generate-knobs';

/** The largest population one `generate:` item may declare (n has at most 9 digits). */
const MAX_POPULATION = 100_000_000;

const share = (what: string, fallback: number): JsonSchema => ({
  type: 'number',
  minimum: 0,
  maximum: 1,
  description: `a share from 0 to 1 (${what}; default ${fallback})`,
});

const range = (what: string, fallback: string): JsonSchema => ({
  type: ['integer', 'string'],
  minimum: 0,
  pattern: RANGE_PATTERN,
  description: `a range "lo..hi" or one number (${what}; default ${fallback})`,
});

const whole = (min: number, max: number, what: string): JsonSchema => ({
  type: 'integer',
  minimum: min,
  maximum: max,
  description: `a whole number from ${min} to ${max} (${what})`,
});

/**
 * The JSON Schema of the `generate:` list: synthetic populations of tokens. `control` holds the
 * entry control keys (protocol, wire, delay are passed to every card as written).
 */
export function generateListSchema(control: Record<string, JsonSchema>): JsonSchema {
  const d = SYNTH_DEFAULTS;
  const item: JsonSchema = {
    title: 'generate item',
    description: 'a population: { tokens: "synth-{n}", count: 1000, seed: 42, ... }',
    type: 'object',
    properties: {
      tokens: { type: 'string', pattern: '\\{n\\}', description: 'a token template containing {n}, e.g. "synth-{n}"' },
      count: whole(1, MAX_POPULATION, 'how many tokens; n runs from 1 to count'),
      seed: whole(0, 0xffffffff, `the seed; default ${d.seed}`),
      locale: { type: 'string', pattern: '^[a-z]{2,4}(_[A-Za-z]+)*$', description: `a faker locale such as ru, en, de_AT (default ${d.locale})` },
      type: share('legal entities, client type "1"', d.type),
      disabled: share('clients with enabled false', d.disabled),
      companies: range('companies per legal-entity client', d.companies),
      entrepreneurs: share('individuals with a sole-proprietor company and an OGRNIP', d.entrepreneurs),
      groups: {
        title: 'groups',
        description: `group trees: { trees, depth, perClient } (default ${d.groups.trees}, ${d.groups.depth}, ${d.groups.perClient})`,
        type: 'object',
        properties: {
          trees: whole(1, 50, 'root groups'),
          depth: whole(1, 5, 'levels of each tree, linked through parentGroup'),
          perClient: range('groups per client', d.groups.perClient),
        },
        additionalProperties: false,
      },
      branches: whole(1, 10_000, `distinct bank branches (default ${d.branches})`),
      fill: { ...range('share of optional Client fields filled', d.fill), type: ['number', 'string'], maximum: 1 },
      deprecated: { type: 'boolean', description: `true or false (fill the deprecated crmURL and fields; default ${d.deprecated})` },
      errors: share('tokens answered with the error entry instead of a card', d.errors),
      error: { $ref: '#/$defs/Entry' },
      crm: { type: 'string', pattern: '\\{id\\}', description: `a CRM URL template containing {id} (default ${d.crm})` },
      firstId: whole(0, 2 ** 52, `the client id of n = 1; default ${d.firstId}`),
      ...Object.fromEntries(PASSED_CONTROL_KEYS.map((k) => [k, control[k]])),
    },
    required: ['tokens', 'count'],
    additionalProperties: false,
  };
  return { title: 'generate', description: 'a list of populations', $comment: 'Synthetic populations of tokens with seeded fake client cards', type: 'array', items: item };
}
