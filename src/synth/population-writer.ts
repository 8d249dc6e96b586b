import type { EntryData } from '../scenario/schema/scenario-schema';
import { createCardGenerator } from './card-generator';
import type { PopulationSpec } from './population-spec';
import { formatToken, parseTemplate } from './token-template';
import { yamlBlock } from './yaml-block';

/** How `auth-sim generate` writes a population: a scenario file, or one JSON object per line. */
export const POPULATION_FORMATS = ['yaml', 'jsonl'] as const;

export type PopulationFormat = (typeof POPULATION_FORMATS)[number];

/** Each token's entry exactly as the lazy population would compile it: the card, or the error entry. */
export function* populationEntries(spec: PopulationSpec): Generator<[token: string, entry: EntryData]> {
  const template = parseTemplate(spec.tokens, spec.count);
  if ('error' in template) throw new Error(`tokens ${template.error}`);
  const generator = createCardGenerator(spec);
  const error = { ...spec.control, ...spec.error };
  for (let n = 1; n <= spec.count; n += 1) {
    const card = generator.entryFor(n);
    yield [formatToken(template, n), card === 'error' ? error : card];
  }
}

/**
 * The text of a population, chunk by chunk (a header, then one chunk per token), so a writer
 * can stream any count in constant memory. YAML is an ordinary scenario file (`tokens:`), which
 * serves the same bytes as the `generate:` item it came from; JSON lines are
 * `{"token": "...", "entry": {...}}`, for other tools (auth-sim does not read them).
 */
export function* populationChunks(spec: PopulationSpec, format: PopulationFormat, header: string): Generator<string> {
  if (format === 'yaml') yield `${header.replace(/^/gm, '# ')}\ntokens:\n`;
  for (const [token, entry] of populationEntries(spec)) {
    if (format === 'jsonl') yield `${JSON.stringify({ token, entry })}\n`;
    else yield yamlBlock({ [token]: entry }, 2);
  }
}
