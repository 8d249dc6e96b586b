import { adminCall, jsonBody } from '../../helpers/admin-client';
import { getClient, startTestSimulator } from '../../helpers/test-simulator';

const FILE = 'tokens:\n  alice: { status: 204, body: none }\n';

test('reset empties the journal and drops runtime tokens; file tokens keep answering', async () => {
  const t = await startTestSimulator({ 'a.yaml': FILE });
  try {
    await adminCall(t.url, 'PUT', '/__admin/tokens/bob', jsonBody({ status: 418 }));
    await adminCall(t.url, 'PUT', '/__admin/tokens/alice', jsonBody({ status: 500 }));
    expect((await getClient(t.url, 'bob')).status).toBe(418);
    expect((await getClient(t.url, 'alice')).status).toBe(500);
    const journal = t.sim.control.journal!;
    for (let i = 0; journal.size < 2 && i < 100; i++) await new Promise((r) => setImmediate(r));
    const res = await adminCall(t.url, 'POST', '/__admin/reset');
    expect(res.status).toBe(200);
    expect(res.body.reset).toMatchObject({ requests: 2, runtimeTokens: 2 });
    expect((await adminCall(t.url, 'GET', '/__admin/scenarios')).body.runtimeTokens).toEqual([]);
    expect((await getClient(t.url, 'bob')).status).toBe(404);
    expect((await getClient(t.url, 'alice')).status).toBe(204);
    for (let i = 0; journal.size < 2 && i < 100; i++) await new Promise((r) => setImmediate(r));
    const requests = (await adminCall(t.url, 'GET', '/__admin/requests')).body.requests as { token: string }[];
    expect(requests.map((r) => r.token)).toEqual(['alice', 'bob']);
  } finally {
    await t.close();
  }
});

test('reset starts sequences over from their first step', async () => {
  const t = await startTestSimulator({
    'a.yaml':
      'tokens:\n  flaky:\n    sequence:\n      - { status: 503, body: none }\n      - { status: 204, body: none }\n',
  });
  try {
    expect((await getClient(t.url, 'flaky')).status).toBe(503);
    expect((await getClient(t.url, 'flaky')).status).toBe(204);
    expect((await getClient(t.url, 'flaky')).status).toBe(204);
    const res = await adminCall(t.url, 'POST', '/__admin/reset');
    expect(res.body.reset).toMatchObject({ tokenStates: 1 });
    expect((await getClient(t.url, 'flaky')).status).toBe(503);
  } finally {
    await t.close();
  }
});
