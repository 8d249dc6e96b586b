import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startCli, type CliProcess } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const ALICE =
  'tokens:\n  alice:\n    client: { id: "1", name: A, surname: A, firstname: A, type: "1", enabled: true }\n';
const UPSTREAM_BODY = '{"client":{"id":"77","name":"Real","surname":"R","firstname":"R","type":"1","enabled":"true"}}';
/** The password, percent-encoded in the URL as a user writes an `@` in it; neither form may show anywhere. */
const PASSWORD = 'pa55@w0rd';
const SECRETS = [PASSWORD, encodeURIComponent(PASSWORD), 'pa55'];

let dir: TempDir;
let upstream: http.Server;
let port: number;
const authorizations: (string | undefined)[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(UPSTREAM_BODY);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  port = (upstream.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => (upstream.closeAllConnections(), upstream.close(resolve))));
beforeEach(() => {
  dir = makeTempDir();
  dir.write('a.yaml', ALICE);
  authorizations.length = 0;
});
afterEach(() => dir.remove());

/** Everything a user or a script can read of the simulator, as text. */
async function everythingShown(cli: CliProcess, token: string): Promise<string> {
  const events = await readEvents(cli.url, token);
  const parts = await Promise.all(
    ['/__admin/requests', `/__admin/tokens/${token}`, '/__admin/health', '/__admin/report'].map(async (path) =>
      (await fetch(`${cli.url}${path}`)).text(),
    ),
  );
  return [cli.stdout(), cli.stderr(), events, ...parts].join('\n');
}

/** The event stream, read until a `requests` event names `token`. */
async function readEvents(url: string, token: string): Promise<string> {
  const stop = new AbortController();
  const res = await fetch(`${url}/__admin/events`, { signal: stop.signal });
  const reader = res.body!.getReader();
  let text = '';
  try {
    while (!/event: requests\nid: [^\n]*\ndata: .*"token":"/.test(text) || !text.includes(token)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString('utf8');
    }
  } finally {
    stop.abort();
  }
  return text;
}

test.each([
  ['on the command line', (url: string) => [['--proxy', url], {}] as const],
  ['in AUTH_SIM_PROXY', (url: string) => [[], { AUTH_SIM_PROXY: url }] as const],
])('credentials in the --proxy URL (%s) go as "authorization: Basic" and show nowhere', async (_where, place) => {
  const [args, env] = place(`http://svc:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}`);
  const cli = await startCli(['-s', 'a.yaml', '-p', '0', '--no-watch', ...args], { cwd: dir.path, env });
  try {
    const events = readEvents(cli.url, 'real-one');
    const res = await fetch(`${cli.url}/rest/chat/client/id/real-one`, { headers: { authorization: 'Bearer caller' } });
    expect([res.status, await res.text()]).toEqual([200, UPSTREAM_BODY]);
    expect(authorizations).toEqual([`Basic ${Buffer.from(`svc:${PASSWORD}`).toString('base64')}`]);
    expect(cli.stdout()).toContain(
      `auth-sim: hybrid mode: tokens no entry names are passed to http://127.0.0.1:${port} (journaled as proxied); the user name and password in the URL go as "authorization: Basic"\n`,
    );
    const journal = (await (await fetch(`${cli.url}/__admin/requests`)).json()) as { requests: { entry: string }[] };
    expect(journal.requests.map((r) => r.entry)).toEqual([`(proxy) http://127.0.0.1:${port}`]);
    const shown = `${await events}\n${await everythingShown(cli, 'real-one')}`;
    for (const secret of SECRETS) expect(shown).not.toContain(secret);
  } finally {
    await cli.stop();
  }
});

test('a service that cannot be reached gets a 502 naming it without its credentials', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const gone = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const cli = await startCli(['-s', 'a.yaml', '-p', '0', '--no-watch'], {
    cwd: dir.path,
    env: { AUTH_SIM_PROXY: `http://svc:${encodeURIComponent(PASSWORD)}@127.0.0.1:${gone}/api` },
  });
  try {
    const res = await fetch(`${cli.url}/rest/chat/client/id/real-one`);
    expect([res.status, await res.json()]).toEqual([
      502,
      { errorCode: 'BAD_GATEWAY', errorText: `http://127.0.0.1:${gone}/api failed: ECONNREFUSED` },
    ]);
    await waitFor(async () => (await everythingShown(cli, 'real-one')).includes('"status":502'), {
      what: 'the 502 in the journal',
    });
    const shown = await everythingShown(cli, 'real-one');
    for (const secret of SECRETS) expect(shown).not.toContain(secret);
  } finally {
    await cli.stop();
  }
});

test.each([
  [`svc:${PASSWORD}@127.0.0.1:9`, '--proxy must be a base URL with its scheme, e.g. http://***@127.0.0.1:9'],
  [`ftp://svc:${PASSWORD}@127.0.0.1:9`, '--proxy must be a base URL with its scheme, e.g. http://***@127.0.0.1:9'],
  [
    `http://svc:${PASSWORD}@127.0.0.1:9/?q=1`,
    '--proxy must be a base URL without a query or fragment, got http://***@127.0.0.1:9/?q=1',
  ],
  [
    `http://svc:pa55%zz@127.0.0.1:9`,
    '--proxy: the user name or password is not valid percent-encoding (write a % as %25)',
  ],
])(
  'a --proxy URL that cannot work, %s, is refused at start (exit 2) without repeating its credentials',
  async (url, message) => {
    // startCli, not runCli: a simulator that wrongly starts is stopped, instead of holding the test forever.
    const started = startCli(['-s', 'a.yaml', '-p', '0', '--no-watch', '--proxy', url], { cwd: dir.path });
    await started.then((cli) => cli.stop()).catch(() => undefined);
    await expect(started).rejects.toThrow(
      `auth-sim exited with 2 before listening; stderr: auth-sim: ${message}\nauth-sim: not started\n`,
    );
  },
);
