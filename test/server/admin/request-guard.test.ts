import http from 'node:http';
import { startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const FILES = { 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' };

/** One admin call with exactly these headers (fetch will not let a test set Host). */
function call(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}${path}`,
      { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk: string) => (text += chunk))
          .on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject).end(body);
  });
}

describe('the admin API refuses other sites', () => {
  let t: TestSimulator;
  let host: string;
  beforeEach(async () => {
    t = await startTestSimulator(FILES);
    host = new URL(t.url).host;
  });
  afterEach(async () => t.close());

  test.each([
    ['a fetch from another origin', { origin: 'http://evil.example', 'content-type': 'text/plain' }],
    [
      'a form POST from another origin',
      { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    ],
    ['a sandboxed page (Origin: null)', { origin: 'null', 'content-type': 'text/plain' }],
  ])('refuses a write from %s and changes nothing', async (_name, headers) => {
    const put = await call(t.url, 'PUT', '/__admin/tokens/alice', { host, ...headers }, 'status: 503');
    expect(put.status).toBe(403);
    expect(JSON.parse(put.body).error).toBe(
      `PUT /__admin/tokens/alice refused: it came from a page at ${headers.origin}, not from this simulator (${host}); the admin API takes changes only from its own dashboard and from tools that send no Origin`,
    );
    expect((await call(t.url, 'POST', '/__admin/reset', { host, ...headers })).status).toBe(403);
    expect(t.sim.control.runtime.tokens()).toEqual([]);
  });

  test('takes a write from its own page and from a tool that sends no Origin', async () => {
    expect(
      (await call(t.url, 'PUT', '/__admin/tokens/alice', { host, origin: `http://${host}` }, 'status: 503')).status,
    ).toBe(201);
    expect((await call(t.url, 'PUT', '/__admin/tokens/bob', { host }, 'status: 503')).status).toBe(201);
    expect(
      (
        await call(
          t.url,
          'PUT',
          '/__admin/tokens/carol',
          { host: `localhost:${t.sim.port}`, origin: `http://localhost:${t.sim.port}` },
          'status: 503',
        )
      ).status,
    ).toBe(201);
    expect(t.sim.control.runtime.tokens()).toEqual(['alice', 'bob', 'carol']);
  });

  test('refuses a DNS-rebinding name, reads included, and leaves the protocol path alone', async () => {
    const rebound = { host: `rebind.evil.example:${t.sim.port}` };
    const read = await call(t.url, 'GET', '/__admin/requests', rebound);
    expect(read.status).toBe(403);
    expect(JSON.parse(read.body).error).toBe(
      `the admin API answers only to this machine's own names (127.0.0.1, localhost, [::1]), not Host "rebind.evil.example:${t.sim.port}"; a page on another site cannot use it`,
    );
    expect((await call(t.url, 'POST', '/__admin/reset', rebound)).status).toBe(403);
    expect((await call(t.url, 'GET', '/rest/chat/client/id/alice', rebound)).status).toBe(204);
  });

  test('answers any Host name when bound to all interfaces, where the operator chose to be reachable by name', async () => {
    const open = await startTestSimulator(FILES, { host: '0.0.0.0', admin: { open: true } });
    try {
      const res = await call(`http://127.0.0.1:${open.sim.port}`, 'GET', '/__admin/health', {
        host: `auth-sim:${open.sim.port}`,
      });
      expect(res.status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
