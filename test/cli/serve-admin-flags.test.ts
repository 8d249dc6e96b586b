import { adminCall, jsonBody } from '../helpers/admin-client';
import { runCli, startCli, type CliProcess } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { getClient } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const SCENARIO = `tokens:
  alice:
    client: { id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }
  slow: { status: 204, body: none, delay: 30ms }
`;

let dir: TempDir;
let running: CliProcess[] = [];
beforeAll(() => {
  dir = makeTempDir();
  dir.write('main.yaml', SCENARIO);
});
afterEach(async () => {
  await Promise.all(running.filter((c) => c.child.exitCode === null).map((c) => c.stop()));
  running = [];
});
afterAll(() => dir.remove());

async function serve(...args: string[]): Promise<CliProcess> {
  const cli = await startCli(['--scenarios', dir.path, '--port', '0', ...args]);
  running.push(cli);
  // The admin line follows the listening line and may come in a later chunk.
  await waitFor(() => cli.stdout().includes('admin API'), { what: 'the admin API startup line' });
  return cli;
}

test('startup names the admin URL; each request gets one readable line, near misses included', async () => {
  const cli = await serve();
  expect(cli.stdout()).toContain(`admin API on ${cli.url}/__admin  (journal keeps the last 1000 requests;`);
  await waitFor(() => cli.stdout().includes('dashboard on'), { what: 'the dashboard line' });
  expect(cli.stdout()).toContain(
    `dashboard on ${cli.url}/__admin/ui/  (live traffic, tokens, change an answer, health)`,
  );
  await getClient(cli.url, 'alice');
  await getClient(cli.url, 'alise');
  await getClient(cli.url, 'slow');
  const lines = await waitFor(
    () => {
      const found = cli
        .stdout()
        .split('\n')
        .filter((l) => / (alice|alise|slow) /.test(l));
      return found.length === 3 && found;
    },
    { what: 'three request lines' },
  );
  expect(lines[0]).toMatch(/^auth-sim: GET alice 200 [\d.]+ms {2}.*main\.yaml:2$/);
  expect(lines[1]).toMatch(
    /^auth-sim: GET alise 404 [\d.]+ms {2}fallback \(built-in fallback\) {2}did you mean "alice"\?$/,
  );
  expect(lines[2]).toMatch(/^auth-sim: GET slow 204 [\d.]+ms {2}delay 30ms {2}.*main\.yaml:4$/);
});

test('--log json prints every stdout line as one JSON object, requests as journal entries', async () => {
  const cli = await serve('--log', 'json');
  await getClient(cli.url, 'alice');
  const request = await waitFor(
    () =>
      cli
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((o) => o.event === 'request'),
    { what: 'a JSON request line' },
  );
  expect(request).toMatchObject({
    level: 'info',
    event: 'request',
    method: 'GET',
    token: 'alice',
    origin: 'path',
    status: 200,
    matched: 'token',
  });
  expect(
    cli
      .stdout()
      .split('\n')
      .filter(Boolean)
      .every((l) => typeof JSON.parse(l) === 'object'),
  ).toBe(true);
});

test('--admin-token guards changes', async () => {
  const cli = await serve('--admin-token', 'hunter2');
  expect(cli.stdout()).toContain('changes need the admin token');
  expect((await adminCall(cli.url, 'PUT', '/__admin/tokens/bob', jsonBody({ status: 418 }))).status).toBe(401);
  const call = jsonBody({ status: 418 });
  const ok = await adminCall(cli.url, 'PUT', '/__admin/tokens/bob', {
    ...call,
    headers: { ...call.headers, 'x-admin-token': 'hunter2' },
  });
  expect(ok.status).toBe(201);
  expect((await getClient(cli.url, 'bob')).status).toBe(418);
});

test('AUTH_SIM_ADMIN_TOKEN sets the admin token without putting it on the command line', async () => {
  process.env.AUTH_SIM_ADMIN_TOKEN = 'from-env';
  let cli: CliProcess;
  try {
    cli = await serve();
  } finally {
    delete process.env.AUTH_SIM_ADMIN_TOKEN;
  }
  expect((await adminCall(cli.url, 'POST', '/__admin/reset')).status).toBe(401);
  expect(
    (await adminCall(cli.url, 'POST', '/__admin/reset', { headers: { authorization: 'Bearer from-env' } })).status,
  ).toBe(200);
});

test('--host 0.0.0.0 without an admin token is refused at start, naming the three ways out', () => {
  const result = runCli(['--scenarios', dir.path, '--port', '0', '--host', '0.0.0.0']);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(
    'auth-sim: the admin API would let anyone who reaches 0.0.0.0 read the journal and change any token: give it a secret with --admin-token (or AUTH_SIM_ADMIN_TOKEN), turn it off with --no-admin, or leave it open on purpose with --admin-open\nauth-sim: not started',
  );
});

test('--host 0.0.0.0 with --admin-token guards reads too, health aside', async () => {
  const cli = await serve('--host', '0.0.0.0', '--admin-token', 'from-flag');
  expect(cli.stdout()).toContain('every call but GET health needs the admin token');
  expect((await adminCall(cli.url, 'GET', '/__admin/requests')).status).toBe(401);
  expect((await adminCall(cli.url, 'GET', '/__admin/health')).status).toBe(200);
  const read = await adminCall(cli.url, 'GET', '/__admin/requests', { headers: { 'x-admin-token': 'from-flag' } });
  expect(read.status).toBe(200);
});

test('--host 0.0.0.0 --admin-open starts with a warning that says who can reach it', async () => {
  const cli = await serve('--host', '0.0.0.0', '--admin-open');
  await waitFor(() => cli.stderr().includes('--admin-open'), { what: 'the open admin warning' });
  expect(cli.stderr()).toContain(
    'auth-sim: the admin API is open to anyone who reaches 0.0.0.0 (--admin-open): they can read the journal and change any token, and so can a web page through DNS rebinding; --admin-token <secret> guards it',
  );
  expect((await adminCall(cli.url, 'GET', '/__admin/requests')).status).toBe(200);
});

test('--no-admin and --no-journal leave both out', async () => {
  const cli = await serve('--no-admin', '--no-journal');
  expect(cli.stdout()).toContain('admin API off (--no-admin); no request journal');
  expect(cli.stdout()).not.toContain('dashboard');
  expect((await adminCall(cli.url, 'GET', '/__admin/health')).status).toBe(404);
  expect((await fetch(`${cli.url}/__admin/ui/`)).status).toBe(404);
  expect((await getClient(cli.url, 'alice')).status).toBe(200);
});

test('--admin-prefix and --journal-size set where the API is and how much it keeps', async () => {
  const cli = await serve('--admin-prefix', '/ops', '--journal-size', '2');
  expect(cli.stdout()).toContain(`admin API on ${cli.url}/ops  (journal keeps the last 2 requests;`);
  for (const token of ['a', 'b', 'c']) await getClient(cli.url, token);
  const res = await adminCall(cli.url, 'GET', '/ops/requests');
  expect((res.body.requests as { token: string }[]).map((r) => r.token)).toEqual(['c', 'b']);
});

test.each([
  [['--journal-size', '-1'], '--journal-size must be a whole number from 0 (0 turns the journal off), got "-1"'],
  [['--log', 'xml'], "option '--log <format>' argument 'xml' is invalid. Allowed choices are text, json."],
  [['--admin-prefix', '/'], 'the admin prefix must be a path of its own like /__admin, not "/"'],
])('%j is refused with exit 1', (args, message) => {
  const result = runCli(['--scenarios', dir.path, '--port', '0', ...args]);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(message);
});
