import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startCli, type CliProcess } from '../helpers/spawn-cli';
import { rawExchange } from '../helpers/raw-request';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const ALICE =
  'tokens:\n  alice:\n    client: { id: "1", name: A, surname: A, firstname: A, type: "1", enabled: true }\n';
const UPSTREAM_BODY = '{"client":{"id":"77","name":"Real","surname":"R","firstname":"R","type":"1","enabled":"true"}}';

/** What the real service was asked: method, the path exactly as it arrived, the headers. */
interface Asked {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
}

let dir: TempDir;
let upstream: http.Server;
let upstreamUrl: string;
const asked: Asked[] = [];
/** When the service saw each held request's connection close, by path. */
const closedAt = new Map<string, number>();

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    asked.push({ method: req.method!, url: req.url!, headers: req.headers });
    if (req.url!.endsWith('/held')) return void res.once('close', () => closedAt.set(req.url!, Date.now()));
    res.writeHead(200, {
      'content-type': 'application/json',
      connection: 'keep-alive, x-upstream-hop',
      'x-upstream-hop': 'hop',
      'proxy-authenticate': 'Basic realm="proxy"',
      'x-upstream-end': 'kept',
    });
    res.end(UPSTREAM_BODY);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => (upstream.closeAllConnections(), upstream.close(resolve))));
beforeEach(() => {
  dir = makeTempDir();
  dir.write('a.yaml', ALICE);
  asked.length = 0;
  closedAt.clear();
});
afterEach(() => dir.remove());

/** A request line written as is (fetch would resolve its dots before sending): the status and body. */
async function rawAsk(url: string, target: string, method = 'GET', head = ''): Promise<[number | null, string]> {
  const { hostname } = new URL(url);
  const request = `${method} ${target} HTTP/1.1\r\nhost: ${hostname}\r\n${head}connection: close\r\n\r\n`;
  const exchange = await rawExchange(url, request);
  return [exchange.status, exchange.body.toString('utf8')];
}

describe('serve --proxy asks the real service only for protocol paths', () => {
  let cli: CliProcess;
  beforeEach(async () => {
    cli = await startCli(['-s', 'a.yaml', '-p', '0', '--no-watch', '--proxy', `${upstreamUrl}/base/`], {
      cwd: dir.path,
    });
  });
  afterEach(() => cli.stop());

  test('a token with "..", however encoded, stays one percent-encoded segment of the protocol path', async () => {
    const cases: readonly (readonly [sent: string, asked: string])[] = [
      ['/rest/chat/client/id/../../../admin/secret', '..%2F..%2F..%2Fadmin%2Fsecret'],
      ['/rest/chat/client/id/%2e%2e/%2e%2e/%2e%2e/%2e%2e/actuator/env', '..%2F..%2F..%2F..%2Factuator%2Fenv'],
      ['/rest/chat/client/id/%2E./.%2E/%2E%2E/admin', '..%2F..%2F..%2Fadmin'],
      ['/rest/chat/client/id/..%2f..%2fadmin%2fsecret', '..%2F..%2Fadmin%2Fsecret'],
      ['/rest/chat/client/id/..\\..\\admin\\secret', '..%5C..%5Cadmin%5Csecret'],
      ['/rest/chat/client/id/..%5c..%5cadmin', '..%5C..%5Cadmin'],
      ['/rest/chat/client/id/x/..', 'x%2F..'],
      ['/rest/chat/client/id/x?/../../admin', 'x'],
      ['/rest/chat/client/id/x#/../../admin', 'x%23%2F..%2F..%2Fadmin'],
    ];
    for (const [sent] of cases) expect(await rawAsk(cli.url, sent)).toEqual([200, UPSTREAM_BODY]);
    expect(asked.map((a) => [a.method, a.url])).toEqual(
      cases.map(([, token]) => ['GET', `/base/rest/chat/client/id/${token}`]),
    );
  });

  test('a token that is "." or "..", encoded or not, is answered 400 here and never passed on', async () => {
    const refused = JSON.stringify({
      errorCode: 'BAD_REQUEST',
      errorText: 'a token "." or ".." cannot be passed to the real service: as a path segment it names another path',
    });
    for (const token of ['..', '.', '%2e%2e', '%2E.', '.%2e', '%2e', '..?x=/admin'])
      expect(await rawAsk(cli.url, `/rest/chat/client/id/${token}`)).toEqual([400, refused]);
    expect(asked).toEqual([]);
  });

  test('a POST goes to the protocol path whatever path it was sent to', async () => {
    for (const path of ['/rest/chat/client/id/../../admin/secret', '/rest/chat/client/id/%2e%2e/actuator/env?x=1'])
      expect(await rawAsk(cli.url, path, 'POST', 'token: real-one\r\ncontent-length: 0\r\n')).toEqual([
        200,
        UPSTREAM_BODY,
      ]);
    expect(asked.map((a) => [a.method, a.url, a.headers.token])).toEqual([
      ['POST', '/base/rest/chat/client/id/', 'real-one'],
      ['POST', '/base/rest/chat/client/id/', 'real-one'],
    ]);
  });

  test('hop-by-hop and proxy headers stop here, both ways; Expect is answered here', async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(`${cli.url}/rest/chat/client/id/real-one`, {
        headers: {
          connection: 'keep-alive, x-caller-hop',
          'x-caller-hop': 'hop',
          'keep-alive': 'timeout=5',
          'proxy-connection': 'keep-alive',
          te: 'trailers',
          upgrade: 'h2c',
          'proxy-authorization': 'Basic cHJveHk6c2VjcmV0',
          'proxy-authenticate': 'Basic',
          expect: '100-continue',
          'x-caller-end': 'kept',
        },
        timeout: 5000,
      });
      req.once('response', resolve).once('error', reject).end();
    });
    answer.resume();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-upstream-end']).toBe('kept');
    expect(answer.headers['x-upstream-hop']).toBeUndefined();
    expect(answer.headers['proxy-authenticate']).toBeUndefined();
    expect(asked).toHaveLength(1);
    const sent = Object.keys(asked[0].headers).filter((name) => name !== 'host' && name !== 'connection');
    expect(sent.sort()).toEqual([
      'accept',
      'accept-encoding',
      'accept-language',
      'sec-fetch-mode',
      'user-agent',
      'x-caller-end',
    ]);
    expect(asked[0].headers['x-caller-end']).toBe('kept');
  });

  test('a caller that hangs up cancels the request to the real service', async () => {
    const req = http.request(`${cli.url}/rest/chat/client/id/held`);
    req.on('error', () => undefined).end();
    await waitFor(() => asked.some((a) => a.url === '/base/rest/chat/client/id/held'), { what: 'the held request' });
    const hungUpAt = Date.now();
    req.destroy();
    const closed = await waitFor(() => closedAt.get('/base/rest/chat/client/id/held'), {
      timeoutMs: 3000,
      what: 'the service to see its request closed',
    });
    expect(closed - hungUpAt).toBeLessThan(2000);
    const journal = await waitFor(async () => {
      const body = (await (await fetch(`${cli.url}/__admin/requests`)).json()) as { requests: { token: string }[] };
      return body.requests.length > 0 && body.requests;
    });
    expect(journal.map((r) => r.token)).toEqual(['held']);
    expect(cli.stderr()).toBe('');
  });
});
