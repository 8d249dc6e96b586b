import path from 'node:path';
import fs from 'node:fs';
import net from 'node:net';
import { X509Certificate } from 'node:crypto';
import { testPki, type TestPki } from '../helpers/certificates';
import { httpsRequest, protocolRequest } from '../helpers/https-request';
import { runCli, startCli, type CliProcess } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const SCENARIO = 'tokens:\n  alice: { status: 200, errorCode: OK, errorText: alice }\n';
const SECRETS = /S3cret-Pass|Env-T0ken|Hdr-Val/;

let dir: TempDir;
let pki: TestPki;
let running: CliProcess[] = [];
beforeAll(async () => {
  dir = makeTempDir();
  dir.write('main.yaml', SCENARIO);
  pki = await testPki();
  for (const name of ['ca', 'server', 'client'] as const) {
    dir.write(`${name}.pem`, pki[name].cert);
    dir.write(`${name}-key.pem`, pki[name].key);
  }
});
afterEach(async () => {
  await Promise.all(running.filter((c) => c.child.exitCode === null).map((c) => c.stop()));
  running = [];
});
afterAll(() => dir.remove());

async function serve(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliProcess> {
  const cli = await startCli(['--scenarios', `${dir.path}/main.yaml`, '--port', '0', ...args], { env });
  running.push(cli);
  return cli;
}

test('--tls makes a certificate at start, prints its fingerprint and writes it where curl --cacert can take it', async () => {
  const cli = await serve(['--tls']);
  const port = new URL(cli.url).port;
  const line = cli
    .stdout()
    .split('\n')
    .find((l) => l.includes('HTTPS with'))!;
  const match = /written to (\S+); SHA-256 fingerprint ([0-9A-F:]{95})$/.exec(line)!;
  expect(match[1]).toMatch(new RegExp(`auth-sim-tls-\\w{6}[\\\\/]127\\.0\\.0\\.1-${port}-cert\\.pem$`));
  const pem = fs.readFileSync(match[1], 'utf8');
  expect(new X509Certificate(pem).fingerprint256).toBe(match[2]);
  expect(cli.stdout()).toContain(
    `listening on ${cli.url}  (try: curl --cacert ${match[1]} ${cli.url}/rest/chat/client/id/alice)`,
  );
  const res = await protocolRequest(cli.url, 'GET', 'alice', { ca: pem });
  expect([res.status, res.serverCert!.fingerprint256]).toEqual([200, match[2]]);
});

test('--tls writes its certificate in a private folder of its own, never through a symlink planted in the temp dir', async () => {
  const tmp = path.join(dir.path, 'tmp');
  const victim = path.join(dir.path, 'victim');
  fs.mkdirSync(tmp);
  fs.mkdirSync(victim);
  fs.symlinkSync(victim, path.join(tmp, 'auth-sim-tls'));
  const cli = await serve(['--tls'], { TMPDIR: tmp });
  const written = /written to (\S+);/.exec(cli.stdout())![1];
  expect(fs.readdirSync(victim)).toEqual([]);
  expect(path.dirname(path.dirname(written))).toBe(tmp);
  const folder = fs.lstatSync(path.dirname(written));
  expect([folder.isDirectory(), folder.mode & 0o777]).toEqual([true, 0o700]);
  expect(fs.lstatSync(written).isFile()).toBe(true);
});

test('--tls-cert/--tls-key with --tls-client-ca: the log line of each request shows the client certificate subject', async () => {
  const cli = await serve([
    '--tls-cert',
    `${dir.path}/server.pem`,
    '--tls-key',
    `${dir.path}/server-key.pem`,
    '--tls-client-ca',
    `${dir.path}/ca.pem`,
  ]);
  expect(cli.stdout()).toContain(
    `HTTPS with the certificate in ${dir.path}/server.pem; SHA-256 fingerprint ${pki.server.fingerprint256}`,
  );
  expect(cli.stdout()).toContain(
    `client certificates signed by ${dir.path}/ca.pem: required; others fail the handshake`,
  );
  const res = await protocolRequest(cli.url, 'POST', 'alice', {
    ca: pki.ca.cert,
    cert: pki.client.cert,
    key: pki.client.key,
  });
  expect(res.status).toBe(200);
  const line = await waitFor(
    () =>
      cli
        .stdout()
        .split('\n')
        .find((l) => l.includes('POST alice')),
    { what: 'the request line' },
  );
  expect(line).toMatch(/^auth-sim: POST alice 200 [\d.]+ms {2}\S+main\.yaml:2 {2}cert CN=chat-server, O=Acme Chat$/);
  const refused = await protocolRequest(cli.url, 'GET', 'alice', { ca: pki.ca.cert });
  expect(refused.status).toBe(null);
  const warning = await waitFor(
    () =>
      cli
        .stderr()
        .split('\n')
        .find((l) => l.includes('TLS handshake')),
    { what: 'the handshake warning' },
  );
  expect(warning).toMatch(/^auth-sim: TLS handshake with 127\.0\.0\.1:\d+ failed: peer did not return a certificate$/);
});

test('aborted handshakes are told with their address and reason, a flood in one line with a count', async () => {
  const cli = await serve(['--tls']);
  const { port } = new URL(cli.url);
  for (let i = 0; i < 200; i++)
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.destroy());
      socket.on('close', () => resolve()).on('error', () => undefined);
    });
  const tlsLines = () =>
    cli
      .stderr()
      .split('\n')
      .filter((l) => l.includes('TLS handshake'));
  await waitFor(() => tlsLines().length === 2, { timeoutMs: 15_000, what: 'the first failure and the count' });
  expect(tlsLines()[0]).toMatch(
    /^auth-sim: TLS handshake with 127\.0\.0\.1:\d+ failed: socket hang up \(ECONNRESET\)$/,
  );
  expect(tlsLines()[1]).toMatch(
    /^auth-sim: 199 more TLS handshakes failed in the last 10 s \(the last: TLS handshake with 127\.0\.0\.1:\d+ failed: socket hang up \(ECONNRESET\)\)$/,
  );
});

test('caller credentials from flags and AUTH_SIM_CALLER_AUTH are enforced and never printed, nor kept in the journal', async () => {
  const env = { AUTH_SIM_CALLER_AUTH: 'bearer:Env-T0ken\nheader:X-Api-Key=Hdr-Val' };
  const cli = await serve(['--tls', '--caller-auth', 'basic:chat:S3cret-Pass', '--log', 'json'], env);
  expect(cli.stdout()).toContain(
    'callers must authenticate with basic user \\"chat\\" or a bearer token or header x-api-key',
  );
  const ca = fs.readFileSync(/written to (\S+);/.exec(cli.stdout())![1], 'utf8');
  const ask = (headers: Record<string, string>) =>
    protocolRequest(cli.url, 'GET', 'alice', { ca }, headers).then((r) => r.status);
  expect(await ask({ authorization: `Basic ${Buffer.from('chat:S3cret-Pass').toString('base64')}` })).toBe(200);
  expect(await ask({ authorization: 'Bearer Env-T0ken' })).toBe(200);
  expect(await ask({ 'x-api-key': 'Hdr-Val' })).toBe(200);
  expect(await ask({ authorization: 'Bearer S3cret-Pass' })).toBe(401);
  expect(await ask({})).toBe(401);
  await waitFor(
    () =>
      cli
        .stdout()
        .split('\n')
        .filter((l) => l.includes('"event":"request"')).length === 5,
    { what: 'five request lines' },
  );
  const journal = await httpsRequest(`${cli.url}/__admin/requests`, { ca });
  expect(JSON.parse(journal.text).requests.map((e: { refused: string | null }) => e.refused)).toEqual([
    'no credentials',
    'wrong credentials',
    null,
    null,
    null,
  ]);
  for (const output of [cli.stdout(), cli.stderr(), journal.text]) expect(output).not.toMatch(SECRETS);
});

test.each([
  [
    ['--tls', '--tls-cert', 'x.pem', '--tls-key', 'y.pem'],
    'auth-sim: --tls makes a self-signed certificate; to serve your own, give only --tls-cert and --tls-key',
  ],
  [['--tls-cert', 'x.pem'], 'auth-sim: --tls-cert and --tls-key go together: give both'],
  [['--tls-client-ca', 'ca.pem'], 'auth-sim: --tls-client-ca needs HTTPS: add --tls, or --tls-cert and --tls-key'],
  [
    ['--tls', '--tls-client-optional'],
    'auth-sim: --tls-client-optional needs --tls-client-ca (the CA client certificates are checked against)',
  ],
  [['--tls-cert', 'missing.pem', '--tls-key', 'missing.pem'], 'auth-sim: --tls-cert: cannot read missing.pem (ENOENT)'],
])('%j is refused with what to fix', (args, message) => {
  const result = runCli(['serve', '--scenarios', `${dir.path}/main.yaml`, '--port', '0', '--no-watch', ...args], {
    cwd: dir.path,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(`${message}\nauth-sim: not started\n`);
});

test('a malformed --caller-auth or AUTH_SIM_CALLER_AUTH names the form and never echoes the value', () => {
  const env = { AUTH_SIM_CALLER_AUTH: 'bearer:Env-T0ken\nbaerer:Env-T0ken' };
  const result = runCli(['serve', '--port', '0', '--no-watch', '--caller-auth', 'basic:S3cret-Pass'], { env });
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    [
      'auth-sim: --caller-auth: a caller credential must be basic:USER:PASSWORD, bearer:TOKEN or header:NAME=VALUE (the basic form is basic:USER:PASSWORD); the value is not shown, it may hold a secret',
      'auth-sim: AUTH_SIM_CALLER_AUTH #2: a caller credential must be basic:USER:PASSWORD, bearer:TOKEN or header:NAME=VALUE (it starts with "baerer", not basic:, bearer: or header:); the value is not shown, it may hold a secret',
      'auth-sim: not started',
      '',
    ].join('\n'),
  );
});
