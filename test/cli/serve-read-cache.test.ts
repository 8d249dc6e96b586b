import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rawRequest } from '../helpers/raw-request';
import { runCli, startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const CARD = (id: string, name: string) => `{ id: "${id}", name: ${name} Ivanov, surname: Ivanov, firstname: ${name}, type: "0", enabled: true }`;

const SCENARIO = `# tokens of every kind, and a fallback
defaults: { headers: { X-Set: main } }
tokens:
  alice:
    client: ${CARD('1', 'Alisa')}
    companyList: [ { id: 7, name: Horns and Hooves LLC } ]
  bob:
    client: ${CARD('2', 'Boris')}
  expired: { status: 401, errorCode: TOKEN_EXPIRED, errorText: token expired }
  crm-down: { status: 503, body: none }
  "with space": { status: 200, client: ${CARD('3', 'Semyon')}, wire: typed }
fallback: { status: 404, errorCode: NOPE, errorText: nobody here }
`;
const TOKENS = ['alice', 'bob', 'expired', 'crm-down', 'with space', 'nobody'];

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir();
  dir.write('main.yaml', SCENARIO);
});
afterEach(() => dir.remove());

const cacheDir = (name = 'cache') => path.join(dir.path, name);
const entries = (at = cacheDir()) => (existsSync(at) ? readdirSync(at) : []);

/** Starts serve on main.yaml in the temp dir; returns what it printed and what it answered to every token, GET and POST, byte for byte but the Date header. */
async function serveOnce(flags: string[], waitForEntries = 0): Promise<{ stdout: string; stderr: string; answers: string[] }> {
  const cli = await startCli(['--scenarios', 'main.yaml', '--port', '0', ...flags], { cwd: dir.path });
  try {
    const answers: string[] = [];
    for (const token of TOKENS) {
      for (const method of ['GET', 'POST'] as const) {
        const { bytes } = await rawRequest(cli.url, method, token);
        answers.push(`${method} ${token}: ${bytes.toString('utf8').replace(/\r\ndate: [^\r]*/i, '')}`);
      }
    }
    if (waitForEntries > 0) await waitFor(() => entries().filter((f) => f.endsWith('.v8')).length === waitForEntries, { what: `${waitForEntries} cache file(s)` });
    return { stdout: cli.stdout(), stderr: cli.stderr(), answers };
  } finally {
    await cli.stop();
  }
}

const loadedLine = (stdout: string) => stdout.split('\n').find((line) => line.includes(' loaded '));

test('a second start of the same text is read from the cache and answers byte for byte as a start without it', async () => {
  const first = await serveOnce(['--cache-dir', cacheDir()], 1);
  expect(loadedLine(first.stdout)).toBe('auth-sim: loaded 1 file(s), 5 token(s) from main.yaml');
  expect(entries()).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.v8$/)]);
  const second = await serveOnce(['--cache-dir', cacheDir()]);
  expect(loadedLine(second.stdout)).toBe(`auth-sim: loaded 1 file(s), 5 token(s) from main.yaml (1 read from the cache in ${cacheDir()})`);
  const uncached = await serveOnce(['--no-cache', '--cache-dir', cacheDir('unused')]);
  expect(entries(cacheDir('unused'))).toEqual([]);
  expect(second.answers).toEqual(uncached.answers);
  expect(first.answers).toEqual(uncached.answers);
  expect(second.answers).toHaveLength(12);
  expect(second.answers[2]).toMatch(/^GET bob: HTTP\/1\.1 200 OK\r\n/);
  expect(second.answers[11]).toContain('{"errorCode":"NOPE","errorText":"nobody here"}');
  expect([first.stderr, second.stderr, uncached.stderr]).toEqual(['', '', '']);
});

test('a warning from an entry rule names the same place on a start from the cache', async () => {
  dir.write('main.yaml', SCENARIO.replace('enabled: true }\n    companyList', 'enabled: true, crmURL: https://crm.example.ru/1 }\n    companyList'));
  const warning = 'auth-sim: main.yaml:5:105 warning: tokens.alice.client.crmURL is deprecated; use actionList instead (it is still served)\n';
  const first = await serveOnce(['--cache-dir', cacheDir()], 1);
  const second = await serveOnce(['--cache-dir', cacheDir()]);
  const uncached = await serveOnce(['--no-cache']);
  expect(loadedLine(second.stdout)).toContain('(1 read from the cache in');
  expect([first.stderr, second.stderr, uncached.stderr]).toEqual([warning, warning, warning]);
  expect(second.answers).toEqual(uncached.answers);
});

test('an edited file misses the cache and serves its new content', async () => {
  await serveOnce(['--cache-dir', cacheDir()], 1);
  dir.write('main.yaml', SCENARIO.replace('token expired', 'token expired long ago'));
  const edited = await serveOnce(['--cache-dir', cacheDir()], 2);
  expect(loadedLine(edited.stdout)).toBe('auth-sim: loaded 1 file(s), 5 token(s) from main.yaml');
  expect(edited.answers.find((a) => a.startsWith('GET expired:'))).toContain('"errorText":"token expired long ago"');
});

test.each([
  ['garbage bytes', () => 'garbage, not a serialised read'],
  ['a truncated file', (file: string) => readFileSync(file).subarray(0, 100)],
])('a cache file of %s is a miss: the start succeeds, and writes a good one', async (_name, spoil) => {
  const good = await serveOnce(['--cache-dir', cacheDir()], 1);
  const file = path.join(cacheDir(), entries()[0]);
  writeFileSync(file, spoil(file));
  const spoiled = await serveOnce(['--cache-dir', cacheDir()]);
  expect(loadedLine(spoiled.stdout)).toBe('auth-sim: loaded 1 file(s), 5 token(s) from main.yaml');
  expect(spoiled.answers).toEqual(good.answers);
  expect(spoiled.stderr).toBe('');
  const again = await serveOnce(['--cache-dir', cacheDir()]);
  expect(loadedLine(again.stdout)).toContain('(1 read from the cache in');
});

test('a cache directory that cannot be created is no obstacle: the start serves and says nothing of it', async () => {
  const inTheWay = dir.write('a-file', 'not a directory');
  const started = await serveOnce(['--cache-dir', path.join(inTheWay, 'cache')]);
  const uncached = await serveOnce(['--no-cache']);
  expect(loadedLine(started.stdout)).toBe('auth-sim: loaded 1 file(s), 5 token(s) from main.yaml');
  expect(started.stderr).toBe('');
  expect(started.answers).toEqual(uncached.answers);
});

test('a file with an error is reported exactly as without the cache, and leaves nothing in it', () => {
  dir.write('main.yaml', SCENARIO.replace('surname: Ivanov, firstname: Boris', 'surname: Ivanov, firstnme: Boris'));
  const cached = runCli(['--scenarios', 'main.yaml', '--port', '0', '--cache-dir', cacheDir()], { cwd: dir.path });
  const uncached = runCli(['--scenarios', 'main.yaml', '--port', '0', '--no-cache'], { cwd: dir.path });
  expect(cached.status).toBe(1);
  expect(cached.stderr).toBe(uncached.stderr);
  expect(cached.stderr).toBe(
    [
      'auth-sim: main.yaml:8:5 tokens.bob.client is missing required Client field "firstname"',
      'auth-sim: main.yaml:8:61 tokens.bob.client.firstnme is not a Client field; did you mean "firstname"?',
      'auth-sim: not started',
      '',
    ].join('\n'),
  );
  expect(entries()).toEqual([]);
});

test('serve --help lists --cache-dir and --no-cache', () => {
  const help = runCli(['serve', '--help']).stdout;
  expect(help).toContain('--cache-dir <dir>');
  expect(help).toContain('--no-cache');
});
