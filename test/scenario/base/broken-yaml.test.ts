import { adminCall } from '../../helpers/admin-client';
import { runCli, startCli } from '../../helpers/spawn-cli';
import { waitFor } from '../../helpers/wait-for';
import { makeTempDir, type TempDir } from '../../helpers/temp-dir';
import { getClient, startTestSimulator } from '../../helpers/test-simulator';
import { formatProblem } from '../../../src/scenario/base/problem';
import type { ReloadFailure } from '../../../src/scenario/live/scenario-store';

/** Broken files of the kinds people write, each with every problem it must be reported with, in place. */
const CORPUS: [string, string, string[]][] = [
  [
    'unclosed-double.yaml',
    'tokens:\n  alice:\n    client:\n      id: "1\n      name: Alice\n',
    ['4:11 YAML: Missing closing "quote'],
  ],
  [
    'unclosed-single.yaml',
    "tokens:\n  alice:\n    errorText: 'it is\n    status: 401\n",
    ["3:16 YAML: Missing closing 'quote"],
  ],
  [
    'bad-indent.yaml',
    'tokens:\n  alice:\n    status: 401\n   errorCode: X\n',
    [
      '4:4 bad indentation: "errorCode" is indented 3 spaces where the keys above it use 4 ("status" on line 3) or 2 ("alice" on line 2); line it up with the one it belongs with',
    ],
  ],
  [
    'extra-space.yaml',
    'tokens:\n  alice:\n    status: 401\n     errorCode: X\n',
    [
      '4:6 bad indentation: "errorCode" is indented 5 spaces where its siblings use 4; line it up with "status" on line 3',
    ],
  ],
  [
    'item-key-indent.yaml',
    'tokens:\n  alice:\n    companyList:\n      - id: "1"\n       name: Acme\n',
    ['5:8 bad indentation: "name" is indented 7 spaces where its siblings use 8; line it up with "id" on line 4'],
  ],
  [
    'item-indent.yaml',
    'tokens:\n  alice:\n    companyList:\n      - id: "1"\n     - id: "2"\n',
    [
      '5:6 bad indentation: list item "- id: \\"2\\"" is indented 5 spaces where its siblings use 6; line it up with the item on line 4',
    ],
  ],
  [
    'hash-in-quotes.yaml',
    'tokens:\n  alice:\n    errorText: "see # 4" # why\n     errorCode: X\n',
    [
      '4:6 bad indentation: "errorCode" is indented 5 spaces where its siblings use 4; line it up with "errorText" on line 3',
    ],
  ],
  [
    'key-under-value.yaml',
    '# the card\ntokens:\n  alice: |\n    a: b\n  bob:\n    status: 401 # refused\n\n      errorCode: X\n',
    [
      '8:7 bad indentation: "errorCode" is indented 6 spaces where its siblings use 4; line it up with "status" on line 6',
    ],
  ],
  ['tab-indent.yaml', 'tokens:\n  alice:\n\tstatus: 401\n', ['3:1 YAML: Tabs are not allowed as indentation']],
  [
    'unclosed-flow-map.yaml',
    'tokens:\n  alice: { status: 401, errorCode: X\n  bob: { status: 402 }\n',
    ['3:3 YAML: Flow map in block collection must be sufficiently indented and end with a }'],
  ],
  [
    'unclosed-flow-seq.yaml',
    'tokens:\n  alice:\n    companyList: [ { id: 1 }\n    status: 200\n',
    ['4:5 YAML: Flow sequence in block collection must be sufficiently indented and end with a ]'],
  ],
  [
    'compact.yaml',
    '# a card\ntokens:\n  alice:\n    client:\n      id: "1"\n      name: Alice: Smith\n',
    ['6:13 YAML: Nested mappings are not allowed in compact mappings'],
  ],
  [
    'nested-compact.yaml',
    'tokens:\n  alice:\n    companyList:\n      - id: 1\n      - id: 2 name: x: y\n',
    [
      '5:13 YAML: Nested mappings are not allowed in compact mappings',
      '5:21 YAML: Nested mappings are not allowed in compact mappings',
    ],
  ],
  [
    'repeated-key.yaml',
    'tokens:\n  alice:\n    status: 401\n    status: 402\n',
    ['4:5 key "status" is repeated in the same map; first at line 3, column 5'],
  ],
  ['unknown-alias.yaml', 'tokens:\n  alice: *card\n', ['2:10 YAML: unidentified alias "card"']],
  ['stray-brace.yaml', 'tokens:\n  alice: }\n', ['2:10 YAML: Unexpected flow-map-end token in YAML stream: "}"']],
  [
    'seq-in-map.yaml',
    'tokens:\n  alice:\n    status: 401\n  - bob\n',
    [
      '4:3 bad indentation: list item "- bob" stands among the keys of a map ("alice" on line 2); a list goes under a key of its own, indented deeper',
    ],
  ],
];

const expectedLines = (file: string, problems: string[]) => problems.map((p) => `${file}:${p}`);

describe('a YAML syntax error is reported at its real line and column', () => {
  let dir: TempDir;
  beforeAll(() => {
    dir = makeTempDir();
    for (const [name, text] of CORPUS) dir.write(name, text);
  });
  afterAll(() => dir.remove());

  test('by auth-sim validate, one line per problem, in file order', () => {
    const run = runCli(['validate', '.'], { cwd: dir.path });
    const count = CORPUS.reduce((n, [, , problems]) => n + problems.length, 0);
    const sorted = [...CORPUS].sort(([a], [b]) => (a < b ? -1 : 1));
    const lines = sorted.flatMap(([name, , problems]) => expectedLines(name, problems)).map((l) => `auth-sim: ${l}`);
    expect(run.stderr).toBe(`${[...lines, `auth-sim: ${count} error(s) in ${CORPUS.length} file(s)`].join('\n')}\n`);
    expect(run.status).toBe(1);
  });

  test.each(CORPUS.slice(0, 4))('by a serve that cannot start: %s', (name, _text, problems) => {
    const run = runCli(['--scenarios', name, '--port', '0'], { cwd: dir.path });
    expect(run.stderr).toBe(
      `${[...expectedLines(name, problems), 'not started'].map((l) => `auth-sim: ${l}`).join('\n')}\n`,
    );
    expect(run.status).toBe(1);
  });
});

describe('on a reload and on the admin API', () => {
  const GOOD = 'tokens:\n  alice: { status: 204, body: none }\n';
  let t: Awaited<ReturnType<typeof startTestSimulator>>;
  beforeAll(async () => (t = await startTestSimulator({ 'main.yaml': GOOD }, { watch: false })));
  afterAll(() => t.close());

  test.each(CORPUS)(
    '%s: a reload reports it in place and the last good set keeps serving',
    async (_name, text, problems) => {
      t.dir.write('main.yaml', text);
      const failed = (await t.sim.store.reload('test')) as ReloadFailure;
      expect(failed.ok).toBe(false);
      const main = failed.problems[0].file;
      expect(failed.problems.map(formatProblem)).toEqual(expectedLines(main, problems));
      expect(main.endsWith('main.yaml')).toBe(true);
      expect((await getClient(t.url, 'alice')).status).toBe(204);
    },
  );

  test.each(CORPUS)('%s: PUT /__admin/tokens/bob names each problem in place', async (_name, text, problems) => {
    const res = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', {
      body: text,
      headers: { 'content-type': 'application/yaml' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      `the entry for token "bob" was not applied: ${expectedLines('PUT /__admin/tokens/bob', problems).join('; ')}`,
    );
  });
});

test("a running serve's watcher reports an edit that breaks the file in place, and keeps serving", async () => {
  const dir = makeTempDir();
  dir.write('main.yaml', 'tokens:\n  alice: { status: 204, body: none }\n');
  const cli = await startCli(['--scenarios', '.', '--port', '0'], { cwd: dir.path });
  try {
    dir.write('main.yaml', CORPUS.find(([name]) => name === 'compact.yaml')![1]);
    await waitFor(
      () => cli.stderr().includes('main.yaml:6:13 YAML: Nested mappings are not allowed in compact mappings'),
      { what: 'the reload error' },
    );
    expect((await getClient(cli.url, 'alice')).status).toBe(204);
  } finally {
    await cli.stop();
    dir.remove();
  }
});
