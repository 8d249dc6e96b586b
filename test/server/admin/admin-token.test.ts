import { adminCall, jsonBody } from '../../helpers/admin-client';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const FILE = 'tokens:\n  alice: { status: 204, body: none }\n';
const SECRET = 's3cret-admin';

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ 'a.yaml': FILE }, { admin: { token: SECRET } });
});
afterAll(() => t.close());

describe.each([
  ['PUT', '/__admin/tokens/bob', jsonBody({ status: 418 })],
  ['DELETE', '/__admin/tokens/bob', {}],
  ['DELETE', '/__admin/requests', {}],
  ['POST', '/__admin/reset', {}],
])('%s %s with --admin-token', (method, path, call) => {
  test('is refused with 401 without the token', async () => {
    const res = await adminCall(t.url, method, path, call);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="auth-sim admin"');
    expect(res.body.error).toBe(
      `${method} ${path} needs the admin token: send "authorization: Bearer <token>" or "x-admin-token: <token>" with the --admin-token value`,
    );
  });

  test('is refused with 401 with a wrong token', async () => {
    const res = await adminCall(t.url, method, path, {
      ...call,
      headers: { ...call.headers, authorization: 'Bearer nope' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/was sent a wrong admin token/);
  });
});

test('the token as a Bearer authorization lets a PUT through', async () => {
  const call = jsonBody({ status: 418 });
  const res = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', {
    ...call,
    headers: { ...call.headers, authorization: `Bearer ${SECRET}` },
  });
  expect(res.status).toBe(201);
  expect((await getClient(t.url, 'bob')).status).toBe(418);
});

test('the token in x-admin-token lets a reset through', async () => {
  const res = await adminCall(t.url, 'POST', '/__admin/reset', { headers: { 'x-admin-token': SECRET } });
  expect(res.status).toBe(200);
  expect((await getClient(t.url, 'bob')).status).toBe(404);
});

test('reads need no token', async () => {
  expect((await adminCall(t.url, 'GET', '/__admin/health')).status).toBe(200);
  expect((await adminCall(t.url, 'GET', '/__admin/requests')).status).toBe(200);
  expect((await adminCall(t.url, 'GET', '/__admin/scenarios')).status).toBe(200);
});
