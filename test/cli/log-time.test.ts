import { getClient } from '../helpers/test-simulator';
import { runCli, startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const STAMP = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';

let dir: TempDir;
beforeAll(() => {
  dir = makeTempDir();
  dir.write('main.yaml', 'tokens:\n  alice: { status: 401, errorCode: AUTH_FAILED }\n');
});
afterAll(() => dir.remove());

test('--log-time begins every text line with the time, a request line with its arrival', async () => {
  const cli = await startCli(['--scenarios', 'main.yaml', '--port', '0', '--log-time'], { cwd: dir.path });
  const before = Date.now();
  await getClient(cli.url, 'alice');
  const after = Date.now();
  const request = await waitFor(
    () =>
      cli
        .stdout()
        .split('\n')
        .find((l) => l.includes(' GET alice ')),
    {
      what: 'the request line',
    },
  );
  await cli.stop();
  const lines = cli.stdout().split('\n').filter(Boolean);
  expect(lines.filter((l) => !new RegExp(`^auth-sim: ${STAMP} \\S`).test(l))).toEqual([]);
  expect(lines.find((l) => l.includes('listening on'))).toMatch(new RegExp(`^auth-sim: ${STAMP} listening on http://`));
  const match = new RegExp(`^auth-sim: (${STAMP}) GET alice 401 [\\d.]+ms {2}main\\.yaml:2$`).exec(request)!;
  expect(match).not.toBeNull();
  const at = Date.parse(match[1]);
  expect(at >= before - 1 && at <= after).toBe(true);
  expect(lines[lines.length - 1]).toMatch(new RegExp(`^auth-sim: ${STAMP} stopped$`));
});

test('without --log-time a line has no time; with --log json, --log-time adds a "time" field', async () => {
  const plain = await startCli(['--scenarios', 'main.yaml', '--port', '0'], { cwd: dir.path });
  await plain.stop();
  expect(plain.stdout()).toMatch(/^auth-sim: loaded 1 file\(s\), 1 token\(s\) from main\.yaml\n/);
  const json = await startCli(['--scenarios', 'main.yaml', '--port', '0', '--log', 'json', '--log-time'], {
    cwd: dir.path,
  });
  await json.stop();
  const listening = json
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((e) => e.event === 'listening')!;
  expect(Object.keys(listening)).toEqual(['level', 'event', 'time', 'message', 'url', 'port', 'adminUrl', 'seed']);
  expect(listening.time).toMatch(new RegExp(`^${STAMP}$`));
});

test('serve --help documents --log-time', () => {
  const help = runCli(['serve', '--help']).stdout.replace(/\s+/g, ' ');
  expect(help).toContain(
    '--log-time begin each text log line with the time, ISO 8601 in UTC to the millisecond (a request line: when it arrived); with --log json, a "time" field on every line',
  );
});
