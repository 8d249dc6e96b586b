/** The fixed words of a card (button texts, extra-field names, legal forms) in the card's language. */
export interface CardLabels {
  readonly openInCrm: string;
  readonly accounts: string;
  /** fieldList names, in the order the operator interface shows them. */
  readonly fieldNames: readonly [segment: string, manager: string, clientSince: string, channel: string];
  readonly segments: readonly string[];
  readonly channels: readonly string[];
  readonly contractPrefix: string;
  readonly branch: (city: string, number: number) => string;
  readonly soleProprietor: { readonly full: string; readonly short: string; readonly international: string };
  readonly legalForms: readonly { readonly short: string; readonly full: string; readonly international: string }[];
  readonly country: string;
}

const RUSSIAN: CardLabels = {
  openInCrm: 'Открыть в CRM',
  accounts: 'Счета клиента',
  fieldNames: ['Сегмент', 'Менеджер', 'Клиент с', 'Канал привлечения'],
  segments: ['Массовый', 'Массовый', 'Массовый', 'Премиальный', 'Private', 'МСБ'],
  channels: ['Офис', 'Сайт', 'Мобильное приложение', 'Партнёр', 'Рекомендация'],
  contractPrefix: 'ДБО',
  branch: (city, number) => `Отделение № ${number}, г. ${city}`,
  soleProprietor: { full: 'Индивидуальный предприниматель', short: 'ИП', international: 'IE' },
  // ООО dominates the register; repeats weight the draw.
  legalForms: [
    { short: 'ООО', full: 'Общество с ограниченной ответственностью', international: 'LLC' },
    { short: 'ООО', full: 'Общество с ограниченной ответственностью', international: 'LLC' },
    { short: 'ООО', full: 'Общество с ограниченной ответственностью', international: 'LLC' },
    { short: 'АО', full: 'Акционерное общество', international: 'JSC' },
    { short: 'ПАО', full: 'Публичное акционерное общество', international: 'PJSC' },
  ],
  country: 'Russian Federation',
};

const ENGLISH: CardLabels = {
  openInCrm: 'Open in CRM',
  accounts: 'Accounts',
  fieldNames: ['Segment', 'Manager', 'Client since', 'Acquisition channel'],
  segments: ['Mass', 'Mass', 'Mass', 'Premium', 'Private', 'SME'],
  channels: ['Branch', 'Website', 'Mobile app', 'Partner', 'Referral'],
  contractPrefix: 'AGR',
  branch: (city, number) => `Branch ${number}, ${city}`,
  soleProprietor: { full: 'Sole proprietor', short: 'SP', international: 'SP' },
  legalForms: [
    { short: 'LLC', full: 'Limited Liability Company', international: 'LLC' },
    { short: 'LLC', full: 'Limited Liability Company', international: 'LLC' },
    { short: 'JSC', full: 'Joint Stock Company', international: 'JSC' },
  ],
  country: 'Russian Federation',
};

/** Russian labels for the `ru` locale, English for every other. */
export function cardLabels(russian: boolean): CardLabels {
  return russian ? RUSSIAN : ENGLISH;
}
