import { runCli, startCli } from '../../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../../helpers/temp-dir';
import { waitFor } from '../../helpers/wait-for';
import { getClient } from '../../helpers/test-simulator';
import { parseScenarioFile } from '../../../src/scenario/schema/parse-scenario-file';

/** Tokens that reuse one anchor: a real way to write many similar tokens. */
function manyAliases(count: number): string {
  const lines = [
    'fallback: &card',
    '  client: { id: "1", name: A B, surname: A, firstname: B, type: "0", enabled: true }',
    'tokens:',
  ];
  for (let i = 0; i < count; i += 1) lines.push(`  t${i}: *card`);
  return `${lines.join('\n')}\n`;
}

/** Nested aliases that expand to 10^9 values ("billion laughs"). */
const LAUGHS = [
  'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
  ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(10).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
  'tokens: { t: { errorText: *i } }',
  '',
].join('\n');

let dir: TempDir;
beforeEach(() => (dir = makeTempDir()));
afterEach(() => dir.remove());

test('an anchor reused 10,001 times loads', () => {
  dir.write('many.yaml', manyAliases(10_001));
  const run = runCli(['validate', 'many.yaml'], { cwd: dir.path });
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe('auth-sim: 1 file(s), 10001 token(s): valid\n');
});

test('aliases that expand past the limit are a problem in place, in validate', () => {
  dir.write('laughs.yaml', LAUGHS);
  const run = runCli(['validate', 'laughs.yaml'], { cwd: dir.path });
  expect(run.stderr).toBe(
    'auth-sim: laughs.yaml:6:29 more than 1,000,000 values reached through aliases (each *alias counts every value of what it names); use fewer aliases of large anchors, or split the file\n' +
      'auth-sim: 1 error(s) in 1 file(s)\n',
  );
  expect(run.status).toBe(1);
});

test('on a hot reload the process lives and keeps the last good set', async () => {
  dir.write('main.yaml', 'tokens:\n  alice: { status: 204, body: none }\n');
  const cli = await startCli(['--scenarios', '.', '--port', '0'], { cwd: dir.path });
  try {
    dir.write('main.yaml', LAUGHS);
    await waitFor(() => cli.stderr().includes('main.yaml:6:29 more than 1,000,000 values reached through aliases'), {
      what: 'the reload error',
    });
    expect((await getClient(cli.url, 'alice')).status).toBe(204);
  } finally {
    await cli.stop();
  }
});

test('a file that is not UTF-8 (cp1251) is an error naming the file and its first bad byte', () => {
  // "errorText: Токен" in cp1251: 0xD2 is not a UTF-8 sequence start followed by a continuation byte.
  const cp1251 = Buffer.concat([
    Buffer.from('tokens:\n  alice:\n    errorText: '),
    Buffer.from([0xd2, 0xee, 0xea, 0xe5, 0xed]),
    Buffer.from('\n'),
  ]);
  dir.write('cp1251.yaml', cp1251 as unknown as string);
  const run = runCli(['validate', 'cp1251.yaml'], { cwd: dir.path });
  expect(run.stderr).toBe(
    'auth-sim: cp1251.yaml:3:16 cp1251.yaml is not UTF-8 text (the byte at offset 32 is not); save it as UTF-8 (for example: iconv -f cp1251 -t utf-8)\n',
  );
  expect(run.status).toBe(1);
});

test('an alias written on the next line, after a comment, still counts', () => {
  const nested = LAUGHS.replace(
    /\[(\*[a-h](,\*[a-h])*)\]/g,
    (_m, list: string) =>
      `\n${list
        .split(',')
        .map((a) => `  # one\n  - ${a}`)
        .join('\n')}`,
  );
  expect(nested).toContain('  # one\n  - *a');
  const problems = parseScenarioFile('laughs.yaml', nested).problems.map((p) => p.message);
  expect(problems).toEqual([
    'more than 1,000,000 values reached through aliases (each *alias counts every value of what it names); use fewer aliases of large anchors, or split the file',
  ]);
});

/** Flow collections nested `depth` deep: `[[[...]]]`. */
const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

test('collections nested past 100 levels are a problem in place, in validate', () => {
  dir.write('deep.yaml', `tokens:\n  alice:\n    errorText: ${nested(1_000)}\n`);
  const run = runCli(['validate', 'deep.yaml'], { cwd: dir.path });
  expect(run.stderr).toBe(
    'auth-sim: deep.yaml:3:113 YAML: nested more than 100 levels deep (collections inside collections); a scenario needs a handful\n' +
      'auth-sim: 1 error(s) in 1 file(s)\n',
  );
  expect(run.status).toBe(1);
});

test('a PUT of an entry nested 1,000 then 100,000 deep is a 400 each time, and the process keeps serving', async () => {
  dir.write('main.yaml', 'tokens:\n  alice: { status: 204, body: none }\n');
  const cli = await startCli(['--scenarios', '.', '--port', '0'], { cwd: dir.path });
  try {
    for (const depth of [1_000, 100_000]) {
      const res = await fetch(`${cli.url}/__admin/tokens/deep`, {
        method: 'PUT',
        headers: { 'content-type': 'application/yaml' },
        body: `client: ${nested(depth)}\n`,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(
        'the entry for token "deep" was not applied: PUT /__admin/tokens/deep:1:108 YAML: nested more than 100 levels deep (collections inside collections); a scenario needs a handful',
      );
    }
    expect((await getClient(cli.url, 'alice')).status).toBe(204);
  } finally {
    await cli.stop();
  }
});
