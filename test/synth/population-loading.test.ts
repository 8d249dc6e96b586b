import { previewAnswer } from '../../src/scenario/compile/compile-entry';
import { loadSet } from '../helpers/load-set';
import { formatProblem } from '../../src/scenario/base/problem';
import { lookupEntry, tokenCount } from '../../src/scenario/compile/scenario-set';
import { populationEntries } from '../../src/synth/population-writer';
import { toPopulationSpec, type PopulationSpec } from '../../src/synth/population-spec';
import { getClient, postClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { fakerLocales } from '../../src/synth/population-context';

/** Loads the given files and returns the formatted problems, or [] if the set loaded. */
function problems(files: Record<string, string>): string[] {
  const result = loadSet(Object.entries(files).map(([file, text]) => ({ file, text })));
  return result.ok ? [] : result.problems.map(formatProblem);
}

const item = (extra = '') => `generate:\n  - tokens: "p-{n}"\n    count: 10\n${extra}`;

describe('a generate: item is validated like the rest of the file', () => {
  test('a valid item loads, and its tokens count toward the set', () => {
    const result = loadSet([{ file: 'a.yaml', text: item('    seed: 5\n') }]);
    expect(result.ok && tokenCount(result.set)).toBe(10);
  });

  test.each([
    [
      'a misspelt knob, with a suggestion',
      item('    fil: 0.5\n'),
      'a.yaml:4:5 generate[0].fil is not a generate item field; did you mean "fill"?',
    ],
    [
      'a misspelt group knob',
      item('    groups: { tree: 2 }\n'),
      'a.yaml:4:15 generate[0].groups.tree is not a groups field; did you mean "trees"?',
    ],
    [
      'a share above 1',
      item('    type: 2\n'),
      'a.yaml:4:11 generate[0].type must be a share from 0 to 1 (legal entities, client type "1"; default 0.3); got 2',
    ],
    [
      'a reversed range',
      item('    companies: 3..1\n'),
      'a.yaml:4:16 generate[0].companies must be a range "lo..hi" of whole numbers with lo <= hi; got "3..1"',
    ],
    [
      'a fill beyond 1',
      item('    fill: 0.2..1.5\n'),
      'a.yaml:4:11 generate[0].fill must be a range "lo..hi" of shares within 0..1 with lo <= hi; got "0.2..1.5"',
    ],
    [
      'an unknown locale',
      item('    locale: de_DE\n'),
      'a.yaml:4:13 generate[0].locale is not a faker locale: "de_DE"; did you mean "de"?',
    ],
    [
      'a missing count',
      'generate:\n  - tokens: "p-{n}"\n',
      'a.yaml:2:5 generate[0] is missing required generate item field "count"',
    ],
    [
      'a template without {n}',
      'generate:\n  - { tokens: "p-n", count: 5 }\n',
      'a.yaml:2:15 generate[0].tokens must be a token template containing {n}, e.g. "synth-{n}"; got "p-n"',
    ],
    [
      'a template with {n} twice',
      'generate:\n  - { tokens: "{n}-{n}", count: 5 }\n',
      'a.yaml:2:15 generate[0].tokens must contain {n} exactly once, e.g. "synth-{n}"',
    ],
    [
      'a misspelt field in the error entry',
      item('    error: { status: 401, errorCod: X }\n'),
      'a.yaml:4:27 generate[0].error.errorCod is not a scenario entry field; did you mean "errorCode"?',
    ],
    // The entry rules a hand-written token gets, for the item's own delay and its error entry.
    [
      'a delay shape with its maximum first',
      item('    delay: { uniform: [2s, 1s] }\n'),
      'a.yaml:4:5 generate[0].delay must have its minimum first: { uniform: [min, max] }',
    ],
    [
      'a chance with nothing for the other requests in the error entry',
      item('    error: { status: 401, chance: 0.5 }\n'),
      'a.yaml:4:27 generate[0].error.chance needs a fault or an "otherwise" answer, for the requests it does not fire on',
    ],
  ])('%s', (_what, text, message) => {
    expect(problems({ 'a.yaml': text })).toEqual([message]);
  });

  test('the error entry gets the warnings of a hand-written entry, under the version the item serves', () => {
    const text = item(
      '    protocol: "1.1"\n    error: { status: 403, client: { id: "1", name: A B, surname: A, firstname: B, type: "0", enabled: true, crmURL: "https://crm/1", secretWord: w } }\n',
    );
    const result = loadSet([{ file: 'a.yaml', text }]);
    expect(result.ok && result.set.warnings.map(formatProblem)).toEqual([
      'a.yaml:5:27 warning: generate[0].error.client is served as protocol 1.1, which leaves out secretWord (since 1.2)',
      'a.yaml:5:109 warning: generate[0].error.client.crmURL is deprecated; use actionList instead (it is still served)',
    ]);
  });

  test('two populations that can produce the same token are an error naming both places and the token', () => {
    const other = 'tokens: {}\ngenerate:\n  - { tokens: "p-1{n}", count: 5 }\n';
    expect(problems({ 'a.yaml': item().replace('count: 10', 'count: 100'), 'b.yaml': other })).toEqual([
      'b.yaml:3:5 generate[0].tokens "p-1{n}" can produce the same token as "p-{n}" at a.yaml:2:5 (both make "p-11"); change a template or a count',
    ]);
    expect(problems({ 'a.yaml': item(), 'b.yaml': other })).toEqual([]);
  });
});

describe('every generated card passes the validation of a hand-written one', () => {
  test('300 cards with every optional field, deprecated ones included, written as tokens: load with no errors', () => {
    const spec = toPopulationSpec({
      tokens: 'h-{n}',
      count: 300,
      seed: 9,
      fill: 1,
      deprecated: true,
      errors: 0.1,
      type: 0.5,
    }) as PopulationSpec;
    const tokens = Object.fromEntries(populationEntries(spec));
    const result = loadSet([{ file: 'cards.json', text: JSON.stringify({ tokens }) }]);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([]);
    const warnings = result.ok ? result.set.warnings.map((w) => w.message) : [];
    expect(warnings.filter((m) => !/is deprecated; use (actionList|fieldList) instead/.test(m))).toEqual([]);
    expect(Object.keys(tokens)).toHaveLength(300);
  });
});

describe('a population served over HTTP', () => {
  let t: TestSimulator;
  beforeAll(async () => {
    t = await startTestSimulator({
      'people.yaml': `
defaults: { headers: { x-source: people } }
tokens:
  p-7: { status: 403, errorCode: HAND_WRITTEN, errorText: a named token wins over the population }
generate:
  - { tokens: "p-{n}", count: 100, seed: 3, errors: 0.2, error: { status: 401, errorCode: TOKEN_EXPIRED, errorText: token expired } }
  - { tokens: "old-{n}", count: 50, seed: 3, protocol: "1.1", type: 1, fill: 1 }
  - { tokens: "typed-{n}", count: 5, seed: 3, wire: typed, type: 1, companies: 1..1 }
  - { tokens: "huge-{n}", count: 100000000, seed: 1 }
`,
    });
  });
  afterAll(() => t.close());

  test('GET and POST give the same bytes, with the file defaults applied', async () => {
    const [byPath, byHeader] = await Promise.all([getClient(t.url, 'p-1'), postClient(t.url, 'p-1')]);
    expect(byPath.bytes.equals(byHeader.bytes)).toBe(true);
    expect(byPath.status).toBe(200);
    const res = await fetch(`${t.url}/rest/chat/client/id/p-1`);
    expect(res.headers.get('x-source')).toBe('people');
  });

  test('a hand-written token overrides the population; tokens outside 1..count fall through to the fallback', async () => {
    expect((await getClient(t.url, 'p-7')).status).toBe(403);
    for (const token of ['p-0', 'p-101', 'p-01', 'p-1x']) {
      const res = await getClient(t.url, token);
      expect([token, res.status, res.text]).toEqual([
        token,
        404,
        '{"errorCode":"CLIENT_NOT_FOUND","errorText":"client not found"}',
      ]);
    }
  });

  test("about the errors share of tokens answer with the population's error entry", async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => getClient(t.url, `p-${i + 1}`)));
    const errors = answers.filter((a) => a.status === 401);
    expect(errors.length).toBeGreaterThan(8);
    expect(errors.length).toBeLessThan(35);
    expect(errors[0].text).toBe('{"errorCode":"TOKEN_EXPIRED","errorText":"token expired"}');
    expect(answers.filter((a) => a.status !== 401 && a.status !== 200).map((a) => a.status)).toEqual([403]);
  });

  test('protocol 1.1 leaves out every field introduced later, as for a hand-written entry', async () => {
    const client = JSON.parse((await getClient(t.url, 'old-1')).text).client as Record<string, unknown>;
    for (const later of ['contacts', 'group', 'secretWord', 'accountNumbers', 'actionList', 'timezone'])
      expect(client).not.toHaveProperty(later);
    expect(client).toHaveProperty('fieldList');
    expect(client).toHaveProperty('shortName');
  });

  test('the typed wire style sends numbers and booleans as JSON numbers and booleans', async () => {
    const body = JSON.parse((await getClient(t.url, 'typed-2')).text) as {
      client: { enabled: unknown };
      companyList: { id: unknown }[];
    };
    expect(typeof body.client.enabled).toBe('boolean');
    expect(typeof body.companyList[0].id).toBe('number');
  });

  test('a population of 100,000,000 loads without materialising and serves its last token', async () => {
    const res = await getClient(t.url, 'huge-100000000');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).client.id).toBe(String(1_000_000 + 100_000_000 - 1));
  });

  test('the same token answers the same bytes however often and in whatever order it is asked', async () => {
    const first = await getClient(t.url, 'huge-123456');
    await Promise.all(Array.from({ length: 20 }, (_, i) => getClient(t.url, `huge-${i + 1}`)));
    expect((await getClient(t.url, 'huge-123456')).bytes.equals(first.bytes)).toBe(true);
  });
});

test('without a company module the population serves no companyList', () => {
  const result = loadSet([{ file: 'a.yaml', text: 'generate:\n  - { tokens: "c-{n}", count: 5, type: 1 }\n' }], {
    wire: { version: '1.4', modules: ['retail'], wire: 'strings' },
  });
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  const body = previewAnswer(lookupEntry(result.set, 'c-1'), 'c-1').reply.body?.toString('utf8') ?? '';
  expect(JSON.parse(body)).not.toHaveProperty('companyList');
  expect(JSON.parse(body).client.type).toBe('1');
});

describe('any faker locale', () => {
  test.each(['de', 'en', 'zh_CN', 'uk'])('%s cards load and compose the name from their own parts', (locale) => {
    const result = loadSet([
      { file: 'a.yaml', text: `generate:\n  - { tokens: "l-{n}", count: 20, seed: 4, locale: ${locale}, fill: 1 }\n` },
    ]);
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
    for (let n = 1; n <= 20; n += 1) {
      const client = JSON.parse(
        previewAnswer(lookupEntry(result.set, `l-${n}`), `l-${n}`).reply.body?.toString('utf8') ?? '{}',
      ).client;
      expect(client.name).toBe([client.surname, client.firstname, client.patronymic].filter(Boolean).join(' '));
    }
  });

  test('a German card has no patronymic borrowed from the English fallback', () => {
    const result = loadSet([{ file: 'a.yaml', text: 'generate:\n  - { tokens: "l-{n}", count: 5, locale: de }\n' }]);
    const body = result.ok ? previewAnswer(lookupEntry(result.set, 'l-1'), 'l-1').reply.body?.toString('utf8') : '';
    expect(JSON.parse(body ?? '{}').client).not.toHaveProperty('patronymic');
  });
});

test('the locale names a generate: item may use are faker’s own, read without loading faker', () => {
  const { allLocales } = require('@faker-js/faker') as typeof import('@faker-js/faker');
  expect(fakerLocales()).toEqual(Object.keys(allLocales).sort());
  expect(fakerLocales()).toContain('ru');
});
