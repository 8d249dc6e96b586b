import { getClient, postClient } from '../helpers/test-simulator';
import { runCli, startCli, type CliProcess } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

const SCENARIO = `
tokens:
  alice:
    client: { id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }
  expired: { status: 401, errorCode: TOKEN_EXPIRED, errorText: token expired }
  crm-down: { status: 503, body: none }
  slow:
    delay: 400ms
    client: { id: "2", name: Slow Sam, surname: Slow, firstname: Sam, type: "0", enabled: true }
`;

let dir: TempDir;
let cli: CliProcess;
beforeAll(async () => {
  dir = makeTempDir();
  dir.write('scenarios/main.yaml', SCENARIO);
  cli = await startCli(['--scenarios', `${dir.path}/scenarios`, '--port', '0']);
});
afterAll(async () => {
  if (cli.child.exitCode === null) await cli.stop();
  dir.remove();
});

test('the startup line names the real port picked for --port 0', () => {
  expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(cli.url).not.toMatch(/:0$/);
  expect(cli.stdout()).toContain('loaded 1 file(s), 4 token(s)');
});

test.each(['alice', 'expired', 'crm-down', 'slow', 'nobody'])(
  'GET and POST answer %s identically through the real process',
  async (token) => {
    const [a, b] = await Promise.all([getClient(cli.url, token), postClient(cli.url, token)]);
    expect([a.status, a.contentType, a.text]).toEqual([b.status, b.contentType, b.text]);
  },
);

test('SIGTERM lets an in-flight delayed request finish, then exits 0', async () => {
  const inFlight = getClient(cli.url, 'slow');
  await new Promise((r) => setTimeout(r, 100));
  cli.child.kill('SIGTERM');
  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(JSON.parse(res.text).client.id).toBe('2');
  expect(await cli.exited()).toBe(0);
});

test('a scenario error stops startup with file:line:column and exit 1', () => {
  const bad = makeTempDir();
  bad.write(
    'bad.yaml',
    'tokens:\n  a:\n    client: { id: "1", name: N, surname: S, firstnme: F, type: "0", enabled: true }\n',
  );
  const result = runCli(['--scenarios', bad.path, '--port', '0'], { cwd: bad.path });
  bad.remove();
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(
    'bad.yaml:3:45 tokens.a.client.firstnme is not a Client field; did you mean "firstname"?',
  );
  expect(result.stderr).toContain('auth-sim: not started');
});

test('a port in use is explained, not thrown', async () => {
  const port = new URL(cli.url).port;
  const other = await startCli(['--scenarios', `${dir.path}/scenarios`, '--port', '0']);
  const result = runCli(['--scenarios', `${dir.path}/scenarios`, '--port', new URL(other.url).port]);
  await other.stop();
  expect(port).not.toBe('');
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/port \d+ on 127\.0\.0\.1 is in use; pick another with --port/);
});

test('--help shows every option with an example', () => {
  const help = runCli(['serve', '--help']).stdout;
  for (const flag of ['--scenarios', '--port', '--host']) expect(help).toContain(flag);
  expect(help).toContain('Examples:');
});
