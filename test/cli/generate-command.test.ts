import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { spawnSync } from 'node:child_process';
import { CLI, runCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const COUNT = 200;
const KNOBS = [
  '--count',
  String(COUNT),
  '--seed',
  '11',
  '--tokens',
  'gen-{n}',
  '--errors',
  '0.1',
  '--type',
  '0.5',
  '--fill',
  '0..1',
  '--group-depth',
  '2',
];
const SAME_AS_YAML = `generate:\n  - { tokens: "gen-{n}", count: ${COUNT}, seed: 11, errors: 0.1, type: 0.5, fill: 0..1, groups: { depth: 2 } }\n`;

let dir: TempDir;
let file: string;
beforeAll(() => {
  dir = makeTempDir();
  file = path.join(dir.path, 'generated.yaml');
});
afterAll(() => dir.remove());

test('generate writes a scenario file that auth-sim validate accepts', () => {
  const run = runCli(['generate', ...KNOBS, '--out', file]);
  expect([run.status, run.stderr.trim(), run.stdout]).toEqual([0, `auth-sim: wrote ${COUNT} token(s) to ${file}`, '']);
  const check = runCli(['validate', file]);
  expect([check.status, check.stderr]).toEqual([0, '']);
  expect(check.stdout.trim()).toBe(`auth-sim: 1 file(s), ${COUNT} token(s): valid`);
});

test("generate's first line points yaml-language-server at the package's scenario schema, relative to the file", () => {
  const [first] = readFileSync(file, 'utf8').split('\n');
  const schema = path.resolve(__dirname, '../../schema/scenario-file.schema.json');
  expect(first).toBe(`# yaml-language-server: $schema=${path.relative(dir.path, schema)}`);
});

describe('the written file and the generate: item it came from', () => {
  let written: TestSimulator;
  let lazy: TestSimulator;
  beforeAll(async () => {
    [written, lazy] = await Promise.all([
      startTestSimulator({ 'generated.yaml': readFileSync(file, 'utf8') }),
      startTestSimulator({ 'population.yaml': SAME_AS_YAML }),
    ]);
  });
  afterAll(() => Promise.all([written.close(), lazy.close()]));

  test('serve the same status and bytes for every token', async () => {
    const tokens = Array.from({ length: COUNT }, (_, i) => `gen-${i + 1}`);
    const differing: string[] = [];
    for (const token of tokens) {
      const [a, b] = await Promise.all([getClient(written.url, token), getClient(lazy.url, token)]);
      if (a.status !== b.status || !a.bytes.equals(b.bytes)) differing.push(token);
    }
    expect(differing).toEqual([]);
    const statuses = await Promise.all(tokens.slice(0, 50).map(async (t) => (await getClient(lazy.url, t)).status));
    expect(new Set(statuses)).toEqual(new Set([200, 404]));
  });
});

test('--jsonl writes one {"token","entry"} object per line with the same entries as the YAML', () => {
  const run = runCli(['generate', ...KNOBS, '--jsonl']);
  expect(run.status).toBe(0);
  const lines = run.stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { token: string; entry: unknown });
  expect(lines).toHaveLength(COUNT);
  const fromYaml = (parse(readFileSync(file, 'utf8')) as { tokens: Record<string, unknown> }).tokens;
  expect(Object.fromEntries(lines.map((l) => [l.token, l.entry]))).toEqual(fromYaml);
});

test.each([
  [['--fill', '3'], '--fill must be a range "lo..hi" or one number'],
  [['--companies', '4..2'], '--companies must be a range "lo..hi" of whole numbers with lo <= hi; got "4..2"'],
  [['--locale', 'xx'], '--locale is not a faker locale: "xx"'],
  [['--count', 'many'], '--count must be a whole number from 1 to 100000000'],
])('bad knobs %j exit 1 with a message naming the flag, writing nothing', (flags, message) => {
  const run = runCli(['generate', '--count', '5', ...flags]);
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toContain(`auth-sim: ${message}`);
});

describe('the progress bar at a terminal', () => {
  // `script` (util-linux) gives the CLI a pseudo-terminal, the only place it draws a bar.
  const hasScript = spawnSync('script', ['--version']).status === 0;
  (hasScript ? test : test.skip)('says "--" while it has no estimate yet, never "NFs left"', () => {
    const out = path.join(dir.path, 'bar.yaml');
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} generate --count 10000 --tokens 'bar-{n}' --out ${JSON.stringify(out)}`;
    const run = spawnSync('script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 60_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('0/10000 tokens, -- left');
    expect(run.stdout).toMatch(/10000\/10000 tokens, \d+s left/);
    // Only the bar's estimate: the whole output also holds the temp directory's random name,
    // which can contain "NF" (a run wrote to /tmp/auth-sim-test-NFz94a/).
    expect(run.stdout).not.toMatch(/tokens, (?:INF|NF|NULL|NaN)s? left/);
  });
});
