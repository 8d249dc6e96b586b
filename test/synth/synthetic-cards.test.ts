import { ru } from '@faker-js/faker';
import { getClients, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const CARDS = 10_000;
const BATCH = 100;

// Every optional field filled, so each card carries a branch BIK and account numbers to check.
const POPULATION = `
generate:
  - tokens: "card-{n}"
    count: ${CARDS}
    seed: 2024
    type: 0.5
    entrepreneurs: 0.5
    companies: 1..2
    fill: 1
    groups: { trees: 2, depth: 3, perClient: 1..2 }
`;

type Json = Record<string, unknown>;

// Independent checks, written from the published formulas; nothing here is imported from src/synth.
const weighted = (s: string, weights: number[]): number => weights.reduce((sum, w, i) => sum + w * Number(s[i]), 0);
const fns = (s: string, weights: number[]): string => String((weighted(s, weights) % 11) % 10);
const isInn10 = (s: string): boolean => /^\d{10}$/.test(s) && fns(s, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === s[9];
const isInn12 = (s: string): boolean =>
  /^\d{12}$/.test(s) &&
  fns(s, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === s[10] &&
  fns(s, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === s[11];
const modControl = (body: string, m: bigint): string => String((BigInt(body) % m) % 10n);
const isOgrn = (s: string): boolean => /^[15]\d{12}$/.test(s) && modControl(s.slice(0, 12), 11n) === s[12];
const isOgrnip = (s: string): boolean => /^3\d{14}$/.test(s) && modControl(s.slice(0, 14), 13n) === s[14];
const isBankBik = (s: string): boolean => /^04\d{7}$/.test(s) && Number(s.slice(6)) >= 50;
/** Bank of Russia account key: BIK's last three digits + the account, weights 7,1,3, sum of last digits ≡ 0 (mod 10). */
const isAccountFor = (account: string, bik: string): boolean =>
  /^\d{20}$/.test(account) &&
  [...(bik.slice(6) + account)].reduce((sum, d, i) => sum + ((Number(d) * [7, 1, 3][i % 3]) % 10), 0) % 10 === 0;
const isKppOf = (kpp: string, inn: string): boolean =>
  /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp) && kpp.slice(0, 4) === inn.slice(0, 4);
const isDate = (s: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** faker's own Russian name lists, read straight from its locale data. */
const namesOf = (kind: 'last_name' | 'first_name' | 'middle_name', sex: 'female' | 'male'): Set<string> =>
  new Set((ru.person?.[kind] as Partial<Record<'female' | 'male', string[]>> | undefined)?.[sex] ?? []);
const FEMALE = {
  last: namesOf('last_name', 'female'),
  first: namesOf('first_name', 'female'),
  middle: namesOf('middle_name', 'female'),
};
const MALE = {
  last: namesOf('last_name', 'male'),
  first: namesOf('first_name', 'male'),
  middle: namesOf('middle_name', 'male'),
};

let t: TestSimulator;
const cards: Json[] = [];

beforeAll(async () => {
  t = await startTestSimulator({ 'population.yaml': POPULATION });
  const served = await getClients(
    t.url,
    Array.from({ length: CARDS }, (_, i) => `card-${i + 1}`),
    BATCH,
  );
  expect(served.map((res) => res.status).filter((status) => status !== 200)).toEqual([]);
  cards.push(...served.map((res) => JSON.parse(res.text) as Json));
}, 180_000);
afterAll(() => t.close());

const clients = (): Json[] => cards.map((c) => c.client as Json);
const companies = (): [Json, Json][] =>
  cards.flatMap((c) => ((c.companyList ?? []) as Json[]).map((co): [Json, Json] => [c.client as Json, co]));

describe(`identifiers on ${CARDS.toLocaleString('en')} served cards pass independent checks`, () => {
  test('client INNs: 12 digits for individuals, 10 for legal entities, correct check digits', () => {
    const bad = clients().filter((c) => !(c.type === '0' ? isInn12(String(c.inn)) : isInn10(String(c.inn))));
    expect(clients()).toHaveLength(CARDS);
    expect(bad).toEqual([]);
  });

  test('company INN, KPP (at the INN tax office), OGRN and its date; sole proprietors carry an OGRNIP and no KPP', () => {
    const all = companies();
    const legal = all.filter(([, co]) => co.type !== 'ИП');
    const sole = all.filter(([, co]) => co.type === 'ИП');
    expect(legal.length).toBeGreaterThan(3000);
    expect(sole.length).toBeGreaterThan(1000);
    expect(
      legal.filter(
        ([, co]) => !isInn10(String(co.inn)) || !isKppOf(String(co.kpp), String(co.inn)) || !isOgrn(String(co.ogrn)),
      ),
    ).toEqual([]);
    expect(sole.filter(([c, co]) => !isOgrnip(String(co.ogrn)) || co.kpp !== undefined || co.inn !== c.inn)).toEqual(
      [],
    );
    expect(
      all.filter(
        ([, co]) => !isDate(String(co.ogrnDate)) || String(co.ogrnDate).slice(2, 4) !== String(co.ogrn).slice(1, 3),
      ),
    ).toEqual([]);
  });

  test("every account number's control key is correct for the client's branch BIK", () => {
    const pairs = clients().flatMap((c) =>
      String(c.accountNumbers)
        .split(', ')
        .map((a) => [a, (c.bankBranch as Json).bik as string]),
    );
    expect(pairs.length).toBeGreaterThanOrEqual(CARDS);
    expect(pairs.filter(([account, bik]) => !isBankBik(bik) || !isAccountFor(account, bik))).toEqual([]);
  });

  test('a corrupted digit fails the same checks, so they can fail', () => {
    const c = clients().find((x) => x.type === '0') as Json;
    const flip = (s: string, at: number) => s.slice(0, at) + String((Number(s[at]) + 1) % 10) + s.slice(at + 1);
    expect(isInn12(flip(String(c.inn), 11))).toBe(false);
    const [account] = String(c.accountNumbers).split(', ');
    expect(isAccountFor(flip(account, 19), (c.bankBranch as Json).bik as string)).toBe(false);
  });
});

describe('cards are internally consistent', () => {
  test('surname, first name and patronymic agree in gender, and name is "Surname Firstname Patronymic"', () => {
    const bad = clients().filter((c) => {
      const set = FEMALE.middle.has(String(c.patronymic)) ? FEMALE : MALE;
      const agrees =
        set.last.has(String(c.surname)) && set.first.has(String(c.firstname)) && set.middle.has(String(c.patronymic));
      return !agrees || c.name !== `${c.surname} ${c.firstname} ${c.patronymic}`;
    });
    expect(bad).toEqual([]);
  });

  test('birth dates are real dates of adults', () => {
    expect(clients().filter((c) => !isDate(String(c.birthDate)) || String(c.birthDate) > '2007-01-01')).toEqual([]);
  });

  test('contacts: +7 mobile, WhatsApp on the same number, e-mail and Telegram built from the name', () => {
    const bad = clients().filter((c) => {
      const k = c.contacts as Json;
      const year = String(c.birthDate).slice(2, 4);
      return (
        !/^\+79\d{9}$/.test(String(k.phone)) ||
        k.whatsappPhone !== k.phone ||
        !new RegExp(`^[a-z]+\\.[a-z]+${year}@[a-z.]+$`).test(String(k.email)) ||
        !/^[a-z0-9_]{5,32}$/.test(String(k.telegramUserName)) ||
        String(k.email).split('@')[0] !== String(k.telegramUserName).replace('_', '.')
      );
    });
    expect(bad).toEqual([]);
  });

  test('action links point at the CRM page of the client id; fieldList keeps one fixed order', () => {
    expect(
      clients().filter((c) => !(c.actionList as Json[]).every((a) => String(a.value).includes(`/clients/${c.id}`))),
    ).toEqual([]);
    const orders = new Set(clients().map((c) => (c.fieldList as Json[]).map((f) => f.name).join('|')));
    expect([...orders]).toEqual(['Сегмент|Менеджер|Клиент с|Канал привлечения']);
  });

  test('groups form trees: each group has its full parent chain, and one id always names the same group', () => {
    const byId = new Map<string, string>();
    const bad: Json[] = [];
    for (const group of clients().flatMap((c) => c.group as Json[])) {
      let depth = 0;
      for (let g: Json | undefined = group; g; g = g.parentGroup as Json | undefined) {
        depth += 1;
        const seen = byId.get(String(g.id)) ?? JSON.stringify(g);
        byId.set(String(g.id), seen);
        if (seen !== JSON.stringify(g)) bad.push(g);
      }
      if (depth !== 3) bad.push(group);
    }
    expect(bad).toEqual([]);
    expect(byId.size).toBe(2 + 2 * 3 + 2 * 9);
  });

  test("a legal entity's INN is its first company's; individuals' sole proprietorships use their own INN", () => {
    const bad = cards.filter((card) => {
      const c = card.client as Json;
      const list = (card.companyList ?? []) as Json[];
      return c.type === '1' ? list.length < 1 || list.length > 2 || list[0].inn !== c.inn : list.length > 1;
    });
    expect(bad).toEqual([]);
  });
});
