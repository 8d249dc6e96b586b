import { runCliAsync } from '../helpers/run-cli-async';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const ALICE =
  'tokens:\n  alice:\n    client: { id: "1", name: A, surname: A, firstname: A, type: "1", enabled: true }\n';

let t: TestSimulator;
beforeEach(async () => (t = await startTestSimulator({ 'a.yaml': ALICE }, { watch: false })));
afterEach(() => t.close());

test('auth-sim outage starts an outage with --status and --for, and --end lifts it', async () => {
  const admin = `${t.url}/__admin`;
  const started = await runCliAsync(['outage', admin, '--status', '503', '--for', '1m']);
  expect([started.status, started.stderr]).toEqual([0, '']);
  expect(started.stdout).toMatch(
    /^auth-sim: outage on: every token gets \{"status":503\} until \d{4}-\d\d-\d\dT.*Z\n$/,
  );
  expect((await getClient(t.url, 'alice')).status).toBe(503);
  const ended = await runCliAsync(['outage', admin, '--end']);
  expect(ended).toEqual({ status: 0, stdout: 'auth-sim: outage lifted\n', stderr: '' });
  expect((await getClient(t.url, 'alice')).status).toBe(200);
});

test('auth-sim outage says what is wrong: no answer named, no scheme, a bad fault', async () => {
  const admin = `${t.url}/__admin`;
  expect(await runCliAsync(['outage', admin])).toEqual({
    status: 2,
    stdout: '',
    stderr:
      'auth-sim: say what every token gets (--status 503 or --fault reset), or --end it\n(run auth-sim outage --help for usage)\n',
  });
  const noScheme = await runCliAsync(['outage', admin.replace('http://', ''), '--status', '503']);
  expect([noScheme.status, noScheme.stderr]).toEqual([
    2,
    `auth-sim: the admin URL needs its scheme: ${admin}\n(run auth-sim outage --help for usage)\n`,
  ]);
  const badFault = await runCliAsync(['outage', admin, '--fault', 'rest']);
  expect(badFault.status).toBe(1);
  expect(badFault.stderr).toMatch(/^auth-sim: the outage was not started: .*did you mean "reset"\?\n$/);
});
