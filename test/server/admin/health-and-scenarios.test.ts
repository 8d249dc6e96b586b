import { adminCall } from '../../helpers/admin-client';
import { getClient, startTestSimulator } from '../../helpers/test-simulator';

const FILE = 'tokens:\n  alice: { status: 204, body: none }\n  bob: { status: 204, body: none }\n';

test('health is ready once the first set has loaded', async () => {
  const t = await startTestSimulator({ 'a.yaml': FILE });
  try {
    const res = await adminCall(t.url, 'GET', '/__admin/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ready', tokens: 2, runtimeTokens: 0 });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  } finally {
    await t.close();
  }
});

test('scenarios lists files, token count and load time, and the last reload error with its place', async () => {
  const t = await startTestSimulator({ 'a.yaml': FILE });
  try {
    const before = await adminCall(t.url, 'GET', '/__admin/scenarios');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ tokens: 2, lastError: null, runtimeTokens: [] });
    expect((before.body.files as string[]).map((f) => f.replace(/^.*[\\/]/, ''))).toEqual(['a.yaml']);
    expect(Date.parse(before.body.loadedAt as string)).not.toBeNaN();
    t.dir.write('a.yaml', 'tokens:\n  alice: { statsu: 204 }\n');
    expect((await t.sim.store.reload()).ok).toBe(false);
    const after = await adminCall(t.url, 'GET', '/__admin/scenarios');
    const lastError = after.body.lastError as { problems: { line: number; column: number; message: string }[] };
    expect(lastError.problems).toEqual([
      expect.objectContaining({
        line: 2,
        column: 12,
        message: 'tokens.alice.statsu is not a scenario entry field; did you mean "status"?',
      }),
    ]);
    expect(after.body.tokens).toBe(2);
    expect((await getClient(t.url, 'bob')).status).toBe(204);
  } finally {
    await t.close();
  }
});

test('an unknown admin route is a JSON 404 listing the routes', async () => {
  const t = await startTestSimulator({ 'a.yaml': FILE });
  try {
    const res = await adminCall(t.url, 'GET', '/__admin/nope');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(
      'no admin route GET /__admin/nope; the admin routes are GET health, GET scenarios, GET|DELETE requests, GET events, GET report, GET tokens, GET|PUT|DELETE tokens/{token}, GET|POST|DELETE outage, GET|POST|DELETE clock, GET|POST sessions, GET|DELETE sessions/{id}, GET sessions/{id}/report, GET sessions/{id}/requests, PUT|DELETE sessions/{id}/tokens/{token}, GET wait, POST reset, POST mcp, GET metrics, GET export, GET scenarios/file, GET ui/',
    );
  } finally {
    await t.close();
  }
});

test('a configurable prefix moves the admin API', async () => {
  const t = await startTestSimulator({ 'a.yaml': FILE }, { admin: { prefix: 'ops/sim/' } });
  try {
    expect(t.sim.adminUrl).toBe(`${t.url}/ops/sim`);
    expect((await adminCall(t.url, 'GET', '/ops/sim/health')).status).toBe(200);
    expect((await adminCall(t.url, 'GET', '/__admin/health')).status).toBe(404);
  } finally {
    await t.close();
  }
});

test('with the admin API off its paths are ordinary 404s and the protocol still answers', async () => {
  const t = await startTestSimulator({ 'a.yaml': FILE }, { admin: false });
  try {
    expect(t.sim.adminUrl).toBeNull();
    const res = await adminCall(t.url, 'GET', '/__admin/health');
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe('NOT_FOUND');
    expect((await getClient(t.url, 'alice')).status).toBe(204);
  } finally {
    await t.close();
  }
});
