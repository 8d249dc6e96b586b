import type { FieldRules } from './assemble-resource';
import type { PopulationContext } from './population-context';
import type { Sex } from './vocabulary';

/** The person behind a card: names agreeing in gender, birth date, and contacts derived from them. */
export interface Person {
  readonly sex: Sex;
  readonly surname: string;
  readonly firstname: string;
  readonly patronymic: string | undefined;
  /** "Surname Firstname Patronymic", the order of Russian documents. */
  readonly fullName: string;
  /** "Surname F. P." */
  readonly initials: string;
  readonly birthDate: string;
  readonly phone: string;
  readonly email: string;
  readonly telegram: string;
}

// Adults as of a fixed date, not today: a card must be the same next year.
const FIRST_BIRTH_YEAR = 1940;
const LAST_BIRTH_YEAR = 2006;

/** Days in a month of a year (month 1..12). */
function daysInMonth(year: number, month: number): number {
  if (month !== 2) return DAYS[month - 1];
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** "00".."31": months and days, zero-padded without a padStart per date. */
const TWO_DIGITS: readonly string[] = Array.from({ length: 32 }, (_, i) => String(i).padStart(2, '0'));

/** A valid YYYY-MM-DD date in [fromYear, toYear]. */
export function drawDate(ctx: PopulationContext, fromYear: number, toYear: number): string {
  const year = ctx.rand(fromYear, toYear);
  const month = ctx.rand(1, 12);
  const day = ctx.rand(1, daysInMonth(year, month));
  return `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}`;
}

/** A mobile number: +7 9XX for the Russian locale, faker's international format for others. */
function drawMobile(ctx: PopulationContext): string {
  return ctx.vocab.russian ? `+79${ctx.digits(9)}` : ctx.faker.phone.number({ style: 'international' });
}

/** Draws a person; every later field of the card reads from this. */
export function drawPerson(ctx: PopulationContext): Person {
  const { vocab } = ctx;
  const sex: Sex = ctx.chance(0.5) ? 'female' : 'male';
  const surname = vocab.lastName(sex);
  const firstname = vocab.firstName(sex);
  const patronymic = vocab.middleName(sex);
  const birthDate = drawDate(ctx, FIRST_BIRTH_YEAR, LAST_BIRTH_YEAR);
  const first = ctx.handle(firstname);
  const last = ctx.handle(surname);
  const tail = birthDate.slice(2, 4);
  return {
    sex,
    surname,
    firstname,
    patronymic,
    fullName: patronymic ? `${surname} ${firstname} ${patronymic}` : `${surname} ${firstname}`,
    initials: `${surname} ${firstChar(firstname)}.${patronymic ? ` ${firstChar(patronymic)}.` : ''}`,
    birthDate,
    phone: drawMobile(ctx),
    email: `${first}.${last}${tail}@${vocab.emailDomain()}`,
    // Telegram names: 5-32 of [a-z0-9_].
    telegram: `${first}_${last}`.slice(0, 28) + tail,
  };
}

/** The first character of a name (a whole code point, so never half of a surrogate pair). */
export function firstChar(text: string): string {
  const code = text.codePointAt(0);
  return code === undefined ? '' : String.fromCodePoint(code);
}

/** Contacts: all derived from the person, so they agree with each other and with the name. */
export const CONTACTS_RULES: FieldRules<'Contacts', Person> = {
  phone: (p) => p.phone,
  email: (p) => p.email,
  telegramUserName: (p) => p.telegram,
  whatsappPhone: (p) => p.phone,
};
