import type { Faker, SexType } from '@faker-js/faker';
import type { FieldRole } from '../protocol/fields';
import { mapTableFields } from '../protocol/map-table-fields';
import { loadFaker } from '../synth/population-context';
import { transliterate } from '../synth/transliterate';
import { maskHeaders } from './mask-headers';
import {
  createStableFake,
  fakeAccounts,
  fakeDate,
  fakeInn,
  fakeKpp,
  fakeOgrn,
  sameScript,
  sameShapeDigits,
  type StableFake,
} from './fake-values';

/** Replaces personal data in a scenario entry's Response fields and masks its credential-looking headers; everything else is kept. */
export type Redactor = (entry: Record<string, unknown>) => Record<string, unknown>;

/** A redactor for `seed`; faker loads on first use (loadFaker), so `serve` and `check` do not pay for it. */
export function createRedactor(seed: number): Redactor {
  const { Faker, ru, en, base } = loadFaker();
  const stable = createStableFake(new Faker({ locale: [ru, en, base] }), seed);
  return (entry) => {
    const redacted = mapTableFields('Response', entry, ({ role }, value, record) => {
      const hasStandIn = role !== undefined && typeof value === 'string' && value !== '';
      return hasStandIn ? fakeFor(role, value, record, stable) : value;
    });
    const headers = entry.headers as Record<string, unknown> | undefined;
    return headers === undefined ? redacted : { ...redacted, headers: maskHeaders(headers) };
  };
}

const NAME_PARTS = ['surname', 'firstname', 'patronymic'] as const;

/** The stand-in for one value; `record` is the resource it sits in, for values that depend on a sibling. */
function fakeFor(role: FieldRole, text: string, record: Record<string, unknown>, stable: StableFake): string {
  switch (role) {
    case 'surname':
    case 'firstname':
    case 'patronymic':
      return namePart(role, text, stable);
    case 'full-name':
      return fullName(text, record, stable);
    case 'birth-date':
      return stable(role, text, (_, rand) => fakeDate(text, rand));
    case 'secret-word':
      // faker has no Russian word list: a Cyrillic code word becomes a maiden name, the classic code word.
      return stable(role, text, (faker) =>
        /[\u0400-\u04ff]/.test(text) ? faker.person.lastName('female') : faker.word.noun(),
      );
    case 'phone':
      return stable(role, text, (_, rand) => sameShapeDigits(text, rand, text.startsWith('+') ? 2 : 1));
    case 'email':
      return stable(
        role,
        text,
        (faker) =>
          `${faker.internet
            .username()
            .toLowerCase()
            .replace(/[^a-z0-9._-]/g, '')}@example.com`,
      );
    case 'messenger-name':
      return stable(
        role,
        text,
        (faker) => (text.startsWith('@') ? '@' : '') + faker.internet.username().replace(/[^A-Za-z0-9_]/g, ''),
      );
    case 'inn':
      return stable(role, text, (_, rand) => fakeInn(text, rand));
    case 'ogrn':
      return stable(role, text, (_, rand) => fakeOgrn(text, rand));
    case 'kpp': {
      const inn = typeof record.inn === 'string' ? fakeFor('inn', record.inn, record, stable) : undefined;
      return stable(`${role} ${inn ?? ''}`, text, (_, rand) => fakeKpp(text, rand, inn));
    }
    case 'accounts': {
      const bik = (record.bankBranch as Record<string, unknown> | undefined)?.bik;
      return stable(role, text, (_, rand) => fakeAccounts(text, rand, typeof bik === 'string' ? bik : undefined));
    }
    case 'company-name':
      return stable(role, text, (faker) => sameScript(text, faker.company.name()));
    case 'address':
      return stable(role, text, (faker) =>
        sameScript(
          text,
          `${faker.location.zipCode('######')}, ${faker.location.city()}, ${faker.location.street()} ${faker.number.int({ min: 1, max: 99 })}`,
        ),
      );
    case 'bik':
      // A BIK names a bank branch, not a person; it is kept so account keys still check.
      return text;
  }
}

/**
 * A full or short name whose words are the client's surname, first name or patronymic, or their
 * initials ("Ivanova A. P."): each word becomes that part's stand-in, so the name agrees with them.
 */
function fullName(text: string, record: Record<string, unknown>, stable: StableFake): string {
  let initials = 0;
  return text.replace(/[^\s,.]+\.?/g, (word) => {
    const bare = word.replace(/\.$/, '');
    const known = NAME_PARTS.find((part) => record[part] === bare);
    if (known !== undefined) return namePart(known, bare, stable) + word.slice(bare.length);
    if (/^\p{L}\.?$/u.test(word) && initials < 2) {
      const part = initials++ === 0 ? 'firstname' : 'patronymic';
      const whole = typeof record[part] === 'string' ? record[part] : bare;
      return namePart(part, whole, stable)[0] + word.slice(1);
    }
    return namePart('surname', bare, stable) + word.slice(bare.length);
  });
}

/** A surname, first name or patronymic in the original's script, of the sex its Russian ending suggests. */
function namePart(part: (typeof NAME_PARTS)[number], text: string, stable: StableFake): string {
  const sex: SexType = /a$/i.test(transliterate(text)) ? 'female' : 'male';
  return stable(part, text, (faker: Faker) => {
    const drawn =
      part === 'surname'
        ? faker.person.lastName(sex)
        : part === 'firstname'
          ? faker.person.firstName(sex)
          : faker.person.middleName(sex);
    return sameScript(text, drawn);
  });
}
