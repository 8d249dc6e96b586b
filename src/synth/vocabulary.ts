import type { Faker, LocaleDefinition } from '@faker-js/faker';

export type Sex = 'female' | 'male';

/**
 * Words a card is made of, drawn with the population's seeded faker. Where the locale has a
 * plain list (names, cities, streets...) it is picked from directly, since faker's pattern-based
 * calls cost microseconds each; where it has none, faker's own method fills in.
 */
export interface Vocabulary {
  /** Whether Russian formats apply (addresses, legal forms, labels): the `ru` locale. */
  readonly russian: boolean;
  lastName(sex: Sex): string;
  firstName(sex: Sex): string;
  /** The patronymic (faker's middle name), if the locale itself has them. */
  middleName(sex: Sex): string | undefined;
  city(): string;
  streetName(): string;
  streetType(): string;
  emailDomain(): string;
  word(): string;
  department(): string;
  companyWord(): string;
}

/** A string list at `path` in faker's locale data, if the locale has one. */
function listAt(data: unknown, ...path: string[]): readonly string[] | undefined {
  let node = data;
  for (const key of path)
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return Array.isArray(node) && node.length > 0 && node.every((v) => typeof v === 'string') ? node : undefined;
}

/** Russian cities in faker carry a region hint, "Азов (Рост.)"; an address wants the name alone. */
const cleanCity = (city: string): string => city.replace(/\s*\(.*$/, '');

/** The vocabulary of `faker`'s locale. */
export function createVocabulary(faker: Faker, locale: string, own: LocaleDefinition): Vocabulary {
  const data = faker.rawDefinitions;
  const pick = (list: readonly string[]): string => list[faker.number.int(list.length - 1)];
  const from = (list: readonly string[] | undefined, fallback: () => string) => (list ? () => pick(list) : fallback);
  const sexed = (kind: string, sex: Sex) =>
    listAt(data, 'person', kind, sex) ?? listAt(data, 'person', kind, 'generic');
  const bySex = (kind: string) => ({ female: sexed(kind, 'female'), male: sexed(kind, 'male') });
  const [last, first] = [bySex('last_name'), bySex('first_name')];
  // Patronymics only from the locale itself: an English middle name is not a German patronymic.
  const ownMiddle = (sex: Sex) =>
    listAt(own, 'person', 'middle_name', sex) ?? listAt(own, 'person', 'middle_name', 'generic');
  const middle = { female: ownMiddle('female'), male: ownMiddle('male') };
  const lists = {
    cities: listAt(data, 'location', 'city_name')?.map(cleanCity),
    streets: listAt(data, 'location', 'street_name'),
    kinds: listAt(data, 'location', 'street_suffix'),
    domains: listAt(data, 'internet', 'free_email'),
    words: listAt(data, 'lorem', 'word')?.filter((w) => w.length >= 5),
    departments: listAt(data, 'commerce', 'department'),
    suffixes: listAt(data, 'company', 'suffix'),
  };
  return {
    russian: locale === 'ru',
    lastName: (sex) => (last[sex] ? pick(last[sex]) : faker.person.lastName(sex)),
    firstName: (sex) => (first[sex] ? pick(first[sex]) : faker.person.firstName(sex)),
    middleName: (sex) => (middle[sex] ? pick(middle[sex]) : undefined),
    city: from(lists.cities, () => faker.location.city()),
    streetName: from(lists.streets, () => faker.location.street()),
    streetType: from(lists.kinds, () => ''),
    emailDomain: from(lists.domains, () => faker.internet.domainName()),
    word: from(lists.words, () => faker.lorem.word()),
    department: from(lists.departments, () => faker.commerce.department()),
    companyWord: from(lists.suffixes, () => faker.company.buzzNoun()),
  };
}
