import { RESOURCES } from '../protocol/fields';
import { assembleResource, type FieldRules } from './assemble-resource';
import type { CatalogueBranch } from './branch-catalogue';
import { makeAccountNumber } from './identifiers';
import { CONTACTS_RULES, drawDate, firstChar, type Person } from './person';
import type { PopulationContext } from './population-context';

/** What a client card is drawn from; optional fields draw the rest as they are filled. */
export interface ClientFacts {
  readonly ctx: PopulationContext;
  readonly id: string;
  readonly person: Person;
  readonly legal: boolean;
  readonly enabled: boolean;
  readonly branch: CatalogueBranch;
  readonly inn: string;
  readonly crm: string;
  readonly groups: readonly Readonly<Record<string, unknown>>[];
  /** fieldList and the deprecated fields map show the same name/value pairs. */
  readonly extras: readonly (readonly [string, string])[];
}

const DEVICES = [
  ['iPhone 15', 'iOS 17.5'],
  ['iPhone 13', 'iOS 16.7'],
  ['Pixel 8', 'Android 14'],
  ['Samsung Galaxy S23', 'Android 14'],
  ['Xiaomi Redmi Note 12', 'Android 13'],
  ['Huawei P40', 'HarmonyOS 3.0'],
] as const;

const RUSSIAN_ZONES = [
  'Europe/Moscow',
  'Europe/Moscow',
  'Europe/Moscow',
  'Europe/Kaliningrad',
  'Europe/Samara',
  'Asia/Yekaterinburg',
  'Asia/Omsk',
  'Asia/Novosibirsk',
  'Asia/Krasnoyarsk',
  'Asia/Irkutsk',
  'Asia/Yakutsk',
  'Asia/Vladivostok',
] as const;
const LEVELS = ['Mass', 'Mass', 'Standard', 'Premium', 'VIP'] as const;

const LEGAL_ACCOUNT = { prefix: '40702810' } as const;
const PERSONAL_ACCOUNT = { prefix: '40817810' } as const;

/** The device fields agree: the client id picks the model, and the model its OS. */
const deviceOf = (c: ClientFacts) => DEVICES[Number(c.id) % DEVICES.length];

/** Client fields, keyed by the protocol table's names; the table decides order and presence. */
export const CLIENT_RULES: FieldRules<'Client', ClientFacts> = {
  id: (c) => c.id,
  contract: (c) => {
    const { ctx } = c;
    const count = ctx.rand(1, 2);
    let out = `${ctx.labels.contractPrefix}-${ctx.rand(2010, 2024)}/${ctx.digits(6)}`;
    for (let i = 1; i < count; i += 1) out += `, ${ctx.labels.contractPrefix}-${ctx.rand(2010, 2024)}/${ctx.digits(6)}`;
    return out;
  },
  telSysClientId: (c) => `tel-${c.ctx.digits(7)}`,
  name: (c) => c.person.fullName,
  surname: (c) => c.person.surname,
  firstname: (c) => c.person.firstname,
  patronymic: (c) => c.person.patronymic,
  type: (c) => (c.legal ? '1' : '0'),
  enabled: (c) => c.enabled,
  birthDate: (c) => c.person.birthDate,
  extRef: (c) => `ABS-${c.id}`,
  cardRef: (c) => `CARD-${c.ctx.digits(10)}`,
  bankBranch: (c) => c.branch.resource,
  crmURL: (c) => c.crm,
  actionList: (c) => [
    { name: c.ctx.labels.openInCrm, type: 0, value: c.crm },
    { name: c.ctx.labels.accounts, type: 1, value: `${c.crm}/accounts` },
  ],
  inn: (c) => c.inn,
  shortName: (c) => c.person.initials,
  accountNumbers: (c) => {
    const options = c.legal ? LEGAL_ACCOUNT : PERSONAL_ACCOUNT;
    const count = c.ctx.rand(1, 2);
    let out = makeAccountNumber(c.ctx.rand, c.branch.facts.bik, options);
    for (let i = 1; i < count; i += 1) out += `, ${makeAccountNumber(c.ctx.rand, c.branch.facts.bik, options)}`;
    return out;
  },
  positionStream: (c) => c.ctx.chance(0.2),
  betaUser: (c) => c.ctx.chance(0.1),
  lvlClient: (c) => c.ctx.pick(LEVELS),
  timezone: (c) => (c.ctx.vocab.russian ? c.ctx.pick(RUSSIAN_ZONES) : c.ctx.faker.location.timeZone()),
  osVersion: (c) => deviceOf(c)[1],
  device: (c) => deviceOf(c)[0],
  deviceVersion: (c) => `5.${c.ctx.rand(0, 20)}.${c.ctx.rand(0, 9)}`,
  fields: (c) => Object.fromEntries(c.extras),
  fieldList: (c) => c.extras.map(([name, value]) => ({ name, value })),
  contacts: (c) => assembleResource('Contacts', CONTACTS_RULES, c.person),
  secretWord: (c) => c.ctx.vocab.word(),
  group: (c) => (c.groups.length > 0 ? c.groups : undefined),
};

/** The extra name/value pairs an operator sees, in a fixed order. */
export function drawExtras(ctx: PopulationContext): (readonly [string, string])[] {
  const [segment, manager, since, channel] = ctx.labels.fieldNames;
  const managerSex = ctx.chance(0.5) ? 'female' : 'male';
  return [
    [segment, ctx.pick(ctx.labels.segments)],
    [manager, `${ctx.vocab.lastName(managerSex)} ${firstChar(ctx.vocab.firstName(managerSex))}.`],
    [since, drawDate(ctx, 2005, 2024)],
    [channel, ctx.pick(ctx.labels.channels)],
  ];
}

/** How many distinct sets of optional fields a population's cards use. */
const FIELD_PROFILES = 16;

const PROFILE_SALT = 0x70726f66; // "prof"

/**
 * The sets of optional Client fields cards fill. Each profile draws its share from `fill` and
 * keeps each optional field with that probability; deprecated fields only when asked for, and
 * the patronymic always (it is part of the name). Why a few profiles and not a fresh draw per
 * card: every distinct key set is a new object shape for V8, and millions of them make building
 * and encoding cards several times slower.
 */
export function drawFieldProfiles(ctx: PopulationContext): (readonly boolean[])[] {
  const { fill, deprecated } = ctx.spec;
  return Array.from({ length: FIELD_PROFILES }, (_, i) => {
    ctx.reseed(i, PROFILE_SALT);
    const share = fill.min + ((fill.max - fill.min) * ctx.rand(0, 1000)) / 1000;
    return RESOURCES.Client.map((spec) => {
      if (spec.deprecatedFor !== undefined && !deprecated) return false;
      return spec.name === 'patronymic' || ctx.chance(share) || share >= 1;
    });
  });
}
