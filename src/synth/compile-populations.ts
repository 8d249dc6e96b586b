import type { WireOptions } from '../protocol/wire-encode';
import { dotted } from '../scenario/schema/check-scenario-file';
import type { EntryData } from '../scenario/schema/scenario-schema';
import { fingerprintEntry } from '../scenario/compile/fingerprint-entry';
import type { NodePath } from '../scenario/base/locate-node';
import { placeOf, type ParsedScenarioFile } from '../scenario/schema/parse-scenario-file';
import type { Problem, SourceRef } from '../scenario/base/problem';
import { placeIn, problemAt } from '../scenario/base/problem';
import type { TokenPopulation } from '../scenario/compile/scenario-set';
import { didYouMean } from '../scenario/base/suggest';
import { toPopulationSpec, type PopulationSpec } from './population-spec';
import { overlapWitness, parseTemplate, type TokenTemplate } from './token-template';
import type * as PopulationContextModule from './population-context';
import type * as TokenPopulationModule from './token-population';

/** The populations of a scenario set, or the problems that keep them from loading. */
export interface CompiledPopulations {
  readonly populations: TokenPopulation[];
  readonly problems: Problem[];
}

interface Declared {
  readonly spec: PopulationSpec;
  readonly template: TokenTemplate;
  readonly source: SourceRef;
  readonly file: ParsedScenarioFile;
  readonly index: number;
}

/**
 * The `generate:` items of schema-checked files: knobs the schema cannot judge (ranges, the
 * locale, templates that could answer the same token) are checked here, with positions; then
 * each item becomes a lazy TokenPopulation. Nothing is generated yet.
 */
export function compilePopulations(
  files: readonly ParsedScenarioFile[],
  base: WireOptions,
  defaultsOf: (file: ParsedScenarioFile) => EntryData,
): CompiledPopulations {
  const problems: Problem[] = [];
  const declared: Declared[] = [];
  for (const file of files) {
    const items = Array.isArray(file.data.generate) ? (file.data.generate as Record<string, unknown>[]) : [];
    items.forEach((item, index) => {
      const found = declare(file, item, index);
      if ('problem' in found) problems.push(found.problem);
      else {
        const clash = declared.find((d) => overlapWitness(d.template, found.template) !== undefined);
        if (clash) problems.push(overlapProblem(found, clash));
        else declared.push(found);
      }
    });
  }
  if (problems.length > 0) return { populations: [], problems };
  const populations = declared.map((d) =>
    synth().createTokenPopulation(d.spec, d.template, {
      defaults: defaultsOf(d.file),
      base,
      source: d.source,
      fingerprint: fingerprintEntry((d.file.data.generate as unknown[])[d.index] as Record<string, unknown>, base),
    }),
  );
  return { populations, problems };
}

/**
 * The card machinery, required on first use rather than imported: a scenario set without
 * `generate:` items (most of them) should not load it at startup (~8 ms).
 */
function synth(): Pick<typeof import('./token-population'), 'createTokenPopulation'> &
  Pick<typeof import('./population-context'), 'fakerLocales'> {
  const { createTokenPopulation } = require('./token-population') as typeof TokenPopulationModule;
  const { fakerLocales } = require('./population-context') as typeof PopulationContextModule;

  return { createTokenPopulation, fakerLocales };
}

function declare(
  file: ParsedScenarioFile,
  item: Record<string, unknown>,
  index: number,
): Declared | { problem: Problem } {
  const at = (path: NodePath, message: string, place: 'key' | 'value' = 'value'): { problem: Problem } => {
    const full = ['generate', index, ...path];
    const pos = placeOf(file, full, place);
    return {
      problem: problemAt(placeIn(file.file, pos), `${dotted(full)} ${message}`, dotted(full)),
    };
  };
  const spec = toPopulationSpec(item);
  if ('message' in spec) return at(spec.path, spec.message.slice(spec.path.join('.').length + 1));
  if (!synth().fakerLocales().includes(spec.locale))
    return at(['locale'], `is not a faker locale: ${JSON.stringify(spec.locale)}${suggestLocale(spec.locale)}`);
  const template = parseTemplate(spec.tokens, spec.count);
  if ('error' in template) return at(['tokens'], template.error);
  const pos = placeOf(file, ['generate', index], 'value');
  return { spec, template, source: placeIn(file.file, pos), file, index };
}

/** "ru_RU" means "ru": a language with a region faker does not have is still that language. */
function suggestLocale(locale: string): string {
  const language = locale.split('_')[0];
  const locales = synth().fakerLocales();
  return locales.includes(language) ? `; did you mean "${language}"?` : didYouMean(locale, locales);
}

function overlapProblem(here: Declared, first: Declared): Problem {
  const witness = overlapWitness(first.template, here.template);
  const path = `generate[${here.index}].tokens`;
  const there = `${first.source.file}:${first.source.line}:${first.source.column}`;
  const message = `${path} "${here.template.text}" can produce the same token as "${first.template.text}" at ${there} (both make ${JSON.stringify(witness)}); change a template or a count`;
  return problemAt(here.source, message, path);
}
