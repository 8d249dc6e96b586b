import http from 'node:http';
import { startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const FILES = { 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' };
const SECRET = 's3cret-admin';

/** One call with exactly these headers (fetch will not let a test set Host), to 127.0.0.1. */
function call(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${port}${path}`,
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

test('bound to all interfaces without an admin token, the start is refused and says what to do', async () => {
  await expect(startTestSimulator(FILES, { host: '0.0.0.0' })).rejects.toThrow(
    'the admin API would let anyone who reaches 0.0.0.0 read the journal and change any token: give it a secret with --admin-token (or AUTH_SIM_ADMIN_TOKEN), turn it off with --no-admin, or leave it open on purpose with --admin-open',
  );
});

test('bound to all interfaces with the admin API off, it starts and serves the protocol', async () => {
  const t = await startTestSimulator(FILES, { host: '0.0.0.0', admin: false });
  try {
    expect((await call(t.sim.port, 'GET', '/rest/chat/client/id/alice', {})).status).toBe(204);
  } finally {
    await t.close();
  }
});

describe('bound to all interfaces with an admin token', () => {
  let t: TestSimulator;
  let rebound: Record<string, string>;
  beforeAll(async () => {
    t = await startTestSimulator(FILES, { host: '0.0.0.0', admin: { token: SECRET } });
    rebound = { host: `rebind.evil.example:${t.sim.port}`, origin: `http://rebind.evil.example:${t.sim.port}` };
  });
  afterAll(() => t.close());

  test.each([
    ['GET', '/__admin/requests'],
    ['GET', '/__admin/scenarios'],
    ['GET', '/__admin/tokens'],
    ['GET', '/__admin/tokens/alice'],
    ['GET', '/__admin/events'],
    ['POST', '/__admin/reset'],
    ['PUT', '/__admin/tokens/alice'],
  ])('a DNS-rebinding page gets 401 for %s %s', async (method, path) => {
    const res = await call(t.sim.port, method, path, rebound, method === 'PUT' ? 'status: 503' : '');
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error).toBe(
      `${method} ${path} needs the admin token: send "authorization: Bearer <token>" or "x-admin-token: <token>" with the --admin-token value`,
    );
    expect(t.sim.control.runtime.tokens()).toEqual([]);
  });

  test('health and the dashboard page stay readable without the token', async () => {
    expect(JSON.parse((await call(t.sim.port, 'GET', '/__admin/health', rebound)).body).status).toBe('ready');
    expect((await call(t.sim.port, 'GET', '/__admin/ui/', rebound)).status).toBe(200);
    expect((await call(t.sim.port, 'GET', '/__admin/ui/app.js', rebound)).status).toBe(200);
  });

  test('a read with the token is answered', async () => {
    const res = await call(t.sim.port, 'GET', '/__admin/scenarios', { 'x-admin-token': SECRET });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).tokens).toBe(1);
  });
});

test('bound to all interfaces with open: true, the admin API answers any name (the operator chose so)', async () => {
  const t = await startTestSimulator(FILES, { host: '0.0.0.0', admin: { open: true } });
  try {
    const res = await call(t.sim.port, 'GET', '/__admin/requests', { host: `auth-sim:${t.sim.port}` });
    expect(res.status).toBe(200);
  } finally {
    await t.close();
  }
});

test('on loopback with an admin token, reads stay open (the Host check keeps other sites out)', async () => {
  const t = await startTestSimulator(FILES, { admin: { token: SECRET } });
  try {
    expect((await call(t.sim.port, 'GET', '/__admin/requests', {})).status).toBe(200);
  } finally {
    await t.close();
  }
});
