import type { FieldRules } from './assemble-resource';
import { makeInn10, makeKpp, makeOgrn, makeOgrnip } from './identifiers';
import type { Person } from './person';
import { drawDate } from './person';
import type { PopulationContext } from './population-context';

/** An organisation as the chat server's company list shows it; identifiers agree with each other. */
export interface CompanyFacts {
  readonly id: number;
  readonly name: string;
  readonly shortName: string;
  readonly type: string;
  readonly enabled: boolean;
  readonly inn: string;
  readonly kpp: string | undefined;
  readonly ogrn: string;
  readonly ogrnDate: string;
  readonly resident: boolean;
  readonly phone: string;
  readonly internationalName: string;
  readonly regAddress: string;
  readonly internationalAddress: string;
}

/** Company fields from the facts; kpp is absent for a sole proprietor, who has none. */
export const COMPANY_RULES: FieldRules<'Company', CompanyFacts> = {
  id: (c) => c.id,
  name: (c) => c.name,
  type: (c) => c.type,
  enabled: (c) => c.enabled,
  extRef: (c) => `ORG-${c.id}`,
  inn: (c) => c.inn,
  kpp: (c) => c.kpp,
  resident: (c) => c.resident,
  phone: (c) => c.phone,
  shortName: (c) => c.shortName,
  internationalName: (c) => c.internationalName,
  ogrn: (c) => c.ogrn,
  ogrnDate: (c) => c.ogrnDate,
  internationalAddress: (c) => c.internationalAddress,
  regAddress: (c) => c.regAddress,
};

const CITY_CODES = ['495', '499', '812', '343', '383', '843', '846', '861'] as const;

/** A registration address in local form and its international form. */
function drawAddress(ctx: PopulationContext): { local: string; international: string } {
  const { vocab } = ctx;
  const postcode = `${ctx.rand(1, 6)}${ctx.digits(5)}`;
  const city = vocab.city();
  const street = vocab.streetName();
  const kind = vocab.streetType();
  const building = ctx.rand(1, 199);
  const office = ctx.rand(1, 450);
  // transliterate(`${street} ${kind}`.trim()) word by word: the memo holds words, not pairs.
  const place =
    kind === '' ? ctx.latin(street) : street === '' ? ctx.latin(kind) : `${ctx.latin(street)} ${ctx.latin(kind)}`;
  const international = `${building} ${place}, office ${office}, ${ctx.latin(city)}, ${postcode}, ${ctx.labels.country}`;
  if (!vocab.russian)
    return { local: `${building} ${street} ${kind}, ${city}, ${postcode}`.replace(/ {2,}/g, ' '), international };
  return { local: `${postcode}, г. ${city}, ${kind} ${street}, д. ${building}, оф. ${office}`, international };
}

/** The registration date matching an OGRN's year digits (positions 2-3). */
const ogrnDateOf = (ctx: PopulationContext, ogrn: string): string =>
  drawDate(ctx, 2000 + Number(ogrn.slice(1, 3)), 2000 + Number(ogrn.slice(1, 3)));

function landline(ctx: PopulationContext): string {
  return ctx.vocab.russian
    ? `+7${ctx.pick(CITY_CODES)}${ctx.digits(7)}`
    : ctx.faker.phone.number({ style: 'international' });
}

/** A brand: a company word after another or after a city's first word; [lead, word] apart, to transliterate each. */
function brandName(ctx: PopulationContext): readonly [string, string] {
  const { vocab } = ctx;
  if (!vocab.russian) return [ctx.faker.company.name(), ''];
  const lead = ctx.chance(0.5) ? vocab.companyWord() : ctx.cityLead(vocab.city());
  return [lead, vocab.companyWord()];
}

/** A legal entity: 10-digit INN, a KPP at the INN's tax office, an OGRN and its date. */
export function drawCompany(ctx: PopulationContext): CompanyFacts {
  const form = ctx.pick(ctx.labels.legalForms);
  const [lead, word] = brandName(ctx);
  const brand = lead + word;
  const inn = makeInn10(ctx.rand);
  const ogrn = makeOgrn(ctx.rand);
  const address = drawAddress(ctx);
  const quoted = ctx.vocab.russian ? `«${brand}»` : brand;
  return {
    id: ctx.rand(1, 99_999_999),
    name: `${form.full} ${quoted}`,
    shortName: `${form.short} ${quoted}`,
    type: form.short,
    enabled: !ctx.chance(0.05),
    inn,
    kpp: makeKpp(ctx.rand, inn),
    ogrn,
    ogrnDate: ogrnDateOf(ctx, ogrn),
    resident: !ctx.chance(0.03),
    phone: landline(ctx),
    internationalName: `${ctx.latin(lead)}${ctx.latin(word)} ${form.international}`,
    regAddress: address.local,
    internationalAddress: address.international,
  };
}

/** transliterate(person.fullName), name by name. */
function latinName(ctx: PopulationContext, { surname, firstname, patronymic }: Person): string {
  const names = `${ctx.latin(surname)} ${ctx.latin(firstname)}`;
  return patronymic ? `${names} ${ctx.latin(patronymic)}` : names;
}

/** A sole proprietorship of the person: their 12-digit INN, an OGRNIP, no KPP. */
export function drawSoleProprietorship(ctx: PopulationContext, person: Person, inn12: string): CompanyFacts {
  const sp = ctx.labels.soleProprietor;
  const ogrn = makeOgrnip(ctx.rand);
  const address = drawAddress(ctx);
  return {
    id: ctx.rand(1, 99_999_999),
    name: `${sp.full} ${person.fullName}`,
    shortName: `${sp.short} ${person.initials}`,
    type: sp.short,
    enabled: true,
    inn: inn12,
    kpp: undefined,
    ogrn,
    ogrnDate: ogrnDateOf(ctx, ogrn),
    resident: true,
    phone: person.phone,
    internationalName: `${sp.international} ${latinName(ctx, person)}`,
    regAddress: address.local,
    internationalAddress: address.international,
  };
}
