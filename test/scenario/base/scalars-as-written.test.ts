import { getClient, postClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { formatProblem } from '../../../src/scenario/base/problem';
import { runCli } from '../../helpers/spawn-cli';
import { makeTempDir } from '../../helpers/temp-dir';

// Plain scalars a YAML 1.2 or 1.1 reader would turn into numbers, booleans or dates: each goes out
// exactly as written in every String field of every resource.
const SCALARS = [
  '00123',
  '0105012345',
  '17.40',
  '1e3',
  '1E-3',
  '0x1F',
  '0o17',
  '012',
  '+7',
  '-0',
  '.5',
  '1.',
  '1_000',
  '1.50',
  'true',
  'false',
  'True',
  'yes',
  'no',
  'on',
  'off',
  '2024-01-05',
  '9007199254740993',
  '12345678901234567890',
  '.inf',
  '.nan',
];

/** A card holding `s` in a String field of the Client, Branch, ActionList, Field, Group and Company resources. */
function entry(token: string, s: string, wire: string): string {
  return [
    `  ${token}:`,
    `    wire: ${wire}`,
    '    client:',
    `      id: ${s}`,
    `      name: ${s}`,
    `      surname: ${s}`,
    `      firstname: ${s}`,
    `      type: ${s}`,
    '      enabled: true',
    `      osVersion: ${s}`,
    `      bankBranch: { id: 5, name: ${s} }`,
    '      actionList:',
    `        - { name: ${s}, value: ${s} }`,
    '      fieldList:',
    `        - name: ${s}`,
    `          value: ${s}`,
    `      group: [ { id: 9, name: ${s} } ]`,
    '    companyList:',
    `      - id: 7`,
    `        name: ${s}`,
  ].join('\n');
}

/** The exact body the card above must produce: typed sends the Long/Integer ids and the Boolean unquoted. */
function expectedBody(s: string, typed: boolean): string {
  const n = (v: number) => (typed ? v : String(v));
  return JSON.stringify({
    client: {
      id: s,
      name: s,
      surname: s,
      firstname: s,
      type: s,
      enabled: typed ? true : 'true',
      osVersion: s,
      bankBranch: { id: n(5), name: s },
      actionList: [{ name: s, value: s }],
      fieldList: [{ name: s, value: s }],
      group: [{ id: n(9), name: s }],
    },
    companyList: [{ id: n(7), name: s }],
  });
}

let t: TestSimulator;
beforeAll(async () => {
  const tokens = SCALARS.flatMap((s, i) => [entry(`s${i}`, s, 'strings'), entry(`t${i}`, s, 'typed')]);
  t = await startTestSimulator({ 'scalars.yaml': `tokens:\n${tokens.join('\n')}\n` }, { watch: false });
});
afterAll(() => t.close());

describe.each(SCALARS.map((s, i) => [s, i] as const))('the plain scalar %s', (s, i) => {
  test.each([
    ['strings', `s${i}`, false],
    ['typed', `t${i}`, true],
  ] as const)('is sent as written in every String field, wire: %s, by GET and POST', async (_wire, token, typed) => {
    const expected = expectedBody(s, typed);
    for (const res of [await getClient(t.url, token), await postClient(t.url, token)]) {
      expect(res.status).toBe(200);
      expect(res.text).toBe(expected);
    }
  });
});

test('the file with every scalar loads without a warning', () => {
  expect(t.sim.store.set.warnings.map(formatProblem)).toEqual([]);
});

describe('a JSON file', () => {
  test('a JSON number keeps the text it was written with, and true/false in a String field stays text', async () => {
    const card = '{ "id": 00123, "name": 17.40, "surname": 1e3, "firstname": false, "type": 0, "enabled": true }';
    const json = `{ "tokens": { "a": { "client": ${card.replace('00123', '"00123"')}, "companyList": [ { "id": 7, "name": 1.50 } ] } } }`;
    const sim = await startTestSimulator({ 'a.json': json }, { watch: false });
    try {
      const res = await getClient(sim.url, 'a');
      expect(res.text).toBe(
        '{"client":{"id":"00123","name":"17.40","surname":"1e3","firstname":"false","type":"0","enabled":"true"},"companyList":[{"id":"7","name":"1.50"}]}',
      );
    } finally {
      await sim.close();
    }
  });
});

describe('wire: typed and whole numbers', () => {
  const IDS: [string, string][] = [
    ['0', '0'],
    ['123', '123'],
    ['-5', '-5'],
    ['9007199254740991', '9007199254740991'],
    ['00123', '"00123"'],
    ['-0', '"-0"'],
    ['9007199254740993', '"9007199254740993"'],
    ['12345678901234567890', '"12345678901234567890"'],
  ];
  const file = `tokens:\n${IDS.map(([s], i) => `  c${i}: { wire: typed, companyList: [ { id: ${s} } ], client: { id: a, name: a, surname: a, firstname: a, type: "0", enabled: false, group: [ { id: ${s} } ] } }`).join('\n')}\n`;
  let sim: TestSimulator;
  beforeAll(async () => (sim = await startTestSimulator({ 'typed.yaml': file }, { watch: false })));
  afterAll(() => sim.close());

  test.each(IDS.map(([s, json], i) => [s, json, i] as const))(
    '%s is sent as %s, by GET and POST',
    async (_s, json, i) => {
      const expected = `{"companyList":[{"id":${json}}],"client":{"id":"a","name":"a","surname":"a","firstname":"a","type":"0","enabled":false,"group":[{"id":${json}}]}}`;
      expect((await getClient(sim.url, `c${i}`)).text).toBe(expected);
      expect((await postClient(sim.url, `c${i}`)).text).toBe(expected);
    },
  );

  test('each id that cannot be a JSON number as written is a load-time warning with its place', () => {
    const warnings = sim.sim.store.set.warnings.map((w) => formatProblem({ ...w, file: 'typed.yaml' }));
    const lines = file.split('\n');
    const at = (i: number, nth: 'first' | 'last') =>
      (nth === 'first' ? lines[i + 1].indexOf('{ id:') : lines[i + 1].lastIndexOf('{ id:')) + 3;
    const message = (s: string) =>
      `cannot be a JSON number as written (${s}): wire: typed sends it as the string "${s}"`;
    expect(warnings).toEqual(
      IDS.flatMap(([s, json], i) =>
        json.startsWith('"')
          ? [
              `typed.yaml:${i + 2}:${at(i, 'first')} warning: tokens.c${i}.companyList[0].id ${message(s)}`,
              `typed.yaml:${i + 2}:${at(i, 'last')} warning: tokens.c${i}.client.group[0].id ${message(s)}`,
            ]
          : [],
      ),
    );
  });
});

describe('null, ~ and an empty value', () => {
  test.each([
    [
      '~',
      'tokens.a.client.name is empty (null, ~ or no value): give it a value or leave the key out; to send the text ~ or null, quote it',
    ],
    [
      'null',
      'tokens.a.client.name is empty (null, ~ or no value): give it a value or leave the key out; to send the text ~ or null, quote it',
    ],
    [
      '',
      'tokens.a.client.name is empty (null, ~ or no value): give it a value or leave the key out; to send the text ~ or null, quote it',
    ],
  ])('name: %j is an error that says what to write instead', (s, message) => {
    const dir = makeTempDir();
    try {
      dir.write(
        'n.yaml',
        `tokens:\n  a:\n    client:\n      id: "1"\n      name: ${s}\n      surname: a\n      firstname: a\n      type: "0"\n      enabled: true\n`,
      );
      const run = runCli(['validate', 'n.yaml'], { cwd: dir.path });
      expect(run.stderr).toBe(`auth-sim: n.yaml:5:13 ${message}\nauth-sim: 1 error(s) in 1 file(s)\n`);
    } finally {
      dir.remove();
    }
  });

  test('quoted, "~" and "null" are text like any other', async () => {
    const sim = await startTestSimulator(
      {
        'q.yaml':
          'tokens:\n  a: { client: { id: "~", name: \'null\', surname: a, firstname: a, type: "0", enabled: true } }\n',
      },
      { watch: false },
    );
    try {
      expect((await getClient(sim.url, 'a')).text).toBe(
        '{"client":{"id":"~","name":"null","surname":"a","firstname":"a","type":"0","enabled":"true"}}',
      );
    } finally {
      await sim.close();
    }
  });
});
