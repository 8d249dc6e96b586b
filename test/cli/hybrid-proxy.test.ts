import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLI, cliEnv, runCli, startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const ALICE =
  'tokens:\n  alice:\n    client: { id: "1", name: A, surname: A, firstname: A, type: "1", enabled: true }\n';
/** The real service's answer: typed scalars (a boolean), which the protocol's default wire style calls wrong. */
const UPSTREAM_BODY = '{"client":{"id":"77","name":"Real","surname":"R","firstname":"R","type":"1","enabled":true}}';

let dir: TempDir;
let upstream: http.Server;
let upstreamUrl: string;
const seen: { method: string; url: string; token?: string }[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    seen.push({
      method: req.method!,
      url: req.url!,
      ...(req.headers.token ? { token: String(req.headers.token) } : {}),
    });
    res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes' });
    res.end(UPSTREAM_BODY);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => upstream.close(resolve)));
beforeEach(() => ((dir = makeTempDir()), (seen.length = 0)));
afterEach(() => dir.remove());

test('serve --proxy answers named tokens itself and passes unknown ones to the real service unchanged, journaled as proxied', async () => {
  dir.write('a.yaml', ALICE);
  const cli = await startCli(['-s', 'a.yaml', '-p', '0', '--no-watch', '--proxy', upstreamUrl], { cwd: dir.path });
  try {
    const own = await fetch(`${cli.url}/rest/chat/client/id/alice`);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { client: { id: string } }).client.id).toBe('1');
    const proxied = await fetch(`${cli.url}/rest/chat/client/id/real-one`);
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('x-upstream')).toBe('yes');
    expect(await proxied.text()).toBe(UPSTREAM_BODY);
    const posted = await fetch(`${cli.url}/rest/chat/client/id/`, { method: 'POST', headers: { token: 'other' } });
    expect(await posted.text()).toBe(UPSTREAM_BODY);
    expect(seen).toEqual([
      { method: 'GET', url: '/rest/chat/client/id/real-one' },
      { method: 'POST', url: '/rest/chat/client/id/', token: 'other' },
    ]);
    const journal = (await (await fetch(`${cli.url}/__admin/requests`)).json()) as {
      requests: { token: string; matched: string; entry: string; status: number }[];
    };
    expect(journal.requests.map((r) => [r.token, r.matched, r.entry, r.status])).toEqual([
      ['other', 'proxied', `(proxy) ${upstreamUrl}`, 200],
      ['real-one', 'proxied', `(proxy) ${upstreamUrl}`, 200],
      ['alice', 'token', 'a.yaml:2', 200],
    ]);
    expect(cli.stdout()).toContain(
      `auth-sim: hybrid mode: tokens no entry names are passed to ${upstreamUrl} (journaled as proxied)\n`,
    );
    // record's checks run on what passes through: the real service's typed boolean is reported.
    await waitFor(() => cli.stderr().includes('auth-sim: proxied real-one GET client.enabled:'), {
      what: 'the check finding of the proxied answer',
    });
  } finally {
    await cli.stop();
  }
});

test("a proxied answer's check finding is printed after its request line, on one output", async () => {
  dir.write('a.yaml', ALICE);
  // stdout and stderr into one file, as a terminal or `2>&1` shows them: the order is the one written.
  const log = `${dir.path}/out.log`;
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, [CLI, '-s', 'a.yaml', '-p', '0', '--no-watch', '--proxy', upstreamUrl], {
    cwd: dir.path,
    env: cliEnv(),
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  try {
    const url = await waitFor(() => /listening on (\S+)/.exec(readFileSync(log, 'utf8'))?.[1]);
    expect((await fetch(`${url}/rest/chat/client/id/real-one`)).status).toBe(200);
    const lines = await waitFor(() => {
      const text = readFileSync(log, 'utf8').split('\n');
      return text.some((l) => l.startsWith('auth-sim: proxied real-one GET client.enabled:')) && text;
    });
    const request = lines.findIndex((l) => l.startsWith('auth-sim: GET real-one 200 '));
    const warning = lines.findIndex((l) => l.startsWith('auth-sim: proxied real-one GET client.enabled:'));
    expect(request).toBeGreaterThanOrEqual(0);
    expect(warning).toBe(request + 1);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
});

test('serve --proxy without a scheme is refused up front, exit 2', () => {
  dir.write('a.yaml', ALICE);
  const result = runCli(['-s', 'a.yaml', '-p', '0', '--proxy', '127.0.0.1:9'], { cwd: dir.path });
  expect([result.status, result.stderr]).toEqual([
    2,
    'auth-sim: --proxy must be a base URL with its scheme, e.g. http://127.0.0.1:9\nauth-sim: not started\n',
  ]);
});
