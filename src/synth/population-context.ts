import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Faker } from '@faker-js/faker';
import type { RandomInt } from './identifiers';
import { createCardRandomizer, mixSeed } from './card-randomizer';
import { cardLabels, type CardLabels } from './card-labels';
import type { PopulationSpec, Range } from './population-spec';
import { asciiHandle, transliterate } from './transliterate';
import { createVocabulary, type Vocabulary } from './vocabulary';

/** Everything a population's cards are drawn with: one seeded faker, its words, and draw helpers. */
export interface PopulationContext {
  readonly spec: PopulationSpec;
  readonly faker: Faker;
  readonly vocab: Vocabulary;
  readonly labels: CardLabels;
  readonly rand: RandomInt;
  chance(share: number): boolean;
  pick<T>(items: readonly T[]): T;
  inRange(range: Range): number;
  digits(length: number): string;
  /** transliterate() of a word. */
  latin(word: string): string;
  /** asciiHandle() of a word. */
  handle(word: string): string;
  /** A city's first word ("Ростов" of "Ростов-на-Дону"). */
  cityLead(city: string): string;
  /** Re-seeds for card (or catalogue item) `n`: everything drawn after depends on (seed, n) only. */
  reseed(n: number, salt?: number): void;
}

type FakerModule = typeof import('@faker-js/faker');

/**
 * Faker, loaded on first use: it takes ~140 ms to load all its locales, which a scenario set
 * without `generate:` should not pay at startup.
 */
export function loadFaker(): FakerModule {
  return require('@faker-js/faker') as FakerModule;
}

let localeNames: readonly string[] | undefined;

/**
 * Faker's locale names, for validating `locale:` with a suggestion: the modules of its
 * `@faker-js/faker/locale/*` export, one per locale (the same names as its `allLocales`, which a
 * test holds it to), read from their folder so that checking a file's `generate:` does not load
 * faker's ~140 ms of locales before a card is drawn.
 */
export function fakerLocales(): readonly string[] {
  localeNames ??= readdirSync(path.dirname(require.resolve('@faker-js/faker/locale/en')))
    .filter((file) => file.endsWith('.cjs'))
    .map((file) => file.slice(0, -'.cjs'.length))
    .sort();
  return localeNames;
}

const POWERS = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000] as const;

/** The context of a population; `spec.locale` must be one of fakerLocales(). */
export function createPopulationContext(spec: PopulationSpec): PopulationContext {
  const { allLocales, base, en, Faker } = loadFaker();
  const own = allLocales[spec.locale as keyof typeof allLocales];
  // The randomizer is faker's own: direct draws and faker's calls share one seeded stream.
  const randomizer = createCardRandomizer();
  const faker = new Faker({ locale: [own, en, base], randomizer });
  const next = () => randomizer.next();
  const rand: RandomInt = (min, max) => min + Math.floor(next() * (max - min + 1));
  const vocab = createVocabulary(faker, spec.locale, own);
  const labels = cardLabels(spec.locale === 'ru');
  return {
    spec,
    faker,
    vocab,
    labels,
    rand,
    chance: (share) => share > 0 && next() < share,
    pick: (items) => items[rand(0, items.length - 1)],
    inRange: (range) => rand(Math.ceil(range.min), Math.floor(range.max)),
    digits: (length) => {
      // Up to 9 digits per draw: one call instead of one per digit, and still uniform. The draw
      // plus 10^width written without its leading "1" is the zero-padded draw.
      let out = '';
      for (let left = length; left > 0; left -= 9) {
        const width = left < 9 ? left : 9;
        const power = POWERS[width];
        out += String(power + Math.floor(next() * power)).slice(1);
      }
      return out;
    },
    latin: transliterate,
    handle: asciiHandle,
    cityLead: (city) => city.split(/[\s-]/)[0],
    reseed: (n, salt = 0) => faker.seed(mixSeed(spec.seed ^ salt, n)),
  };
}
