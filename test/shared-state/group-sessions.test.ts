import { adminCall, jsonBody } from '../helpers/admin-client';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const SCENARIO = `tokens:
  retry-twice:
    expect: { calls: { atMost: 3 } }
    sequence:
      - { status: 503, body: none }
      - { status: 503, body: none }
      - client: { id: "1", name: Patient Pavel, surname: Patient, firstname: Pavel, type: "0", enabled: true }
`;

const describeRedis = describeWithRedis();

describeRedis('sessions across a group of three instances on one redis-server', () => {
  let redis: TestRedis;
  let sims: TestSimulator[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    sims = await Promise.all(
      [0, 1, 2].map(() =>
        startTestSimulator({ 'qa.yaml': SCENARIO }, { watch: false, redis: { url: redis.url, prefix: 'sessions' } }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.close()));
    await redis?.stop();
  });

  test('a session opened on one instance walks its sequence across all three and is reported on any', async () => {
    const [a, b, c] = sims;
    const opened = await adminCall(a.url, 'POST', '/__admin/sessions', jsonBody({ tokens: ['retry-twice'] }));
    const { id, prefix } = opened.body as { id: string; prefix: string };
    // Straight away on the others: one that has not heard of it yet looks it up in Redis.
    const statuses = [
      (await getClient(b.url, `${prefix}retry-twice`)).status,
      (await getClient(c.url, `${prefix}retry-twice`)).status,
      (await getClient(a.url, `${prefix}retry-twice`)).status,
    ];
    expect(statuses).toEqual([503, 503, 200]);
    // Outside the session the token starts at its first step, on any instance.
    expect((await getClient(c.url, 'retry-twice')).status).toBe(503);
    for (const sim of sims) {
      const waited = await adminCall(
        sim.url,
        'GET',
        `/__admin/wait?token=retry-twice&calls=3&timeout=10s&session=${id}`,
      );
      expect([sim.url, waited.status]).toEqual([sim.url, 200]);
      const report = await adminCall(sim.url, 'GET', `/__admin/sessions/${id}/report`);
      expect(report.body).toMatchObject({
        verdict: 'pass',
        tokens: { 'retry-twice': { calls: 3, statuses: { '503': 2, '200': 1 } } },
        unusedTokens: [],
      });
    }
    // Its journal on another instance holds the requests every instance answered.
    await waitFor(
      async () =>
        ((await adminCall(c.url, 'GET', `/__admin/sessions/${id}/requests`)).body.requests as unknown[]).length === 3,
      { what: "c's journal to hold the session's three requests" },
    );
  });

  test('a runtime token of a session put on one instance answers on another; ending it on a third ends it everywhere', async () => {
    const [a, b, c] = sims;
    const { id, prefix } = (await adminCall(a.url, 'POST', '/__admin/sessions')).body as { id: string; prefix: string };
    expect(
      (await adminCall(b.url, 'PUT', `/__admin/sessions/${id}/tokens/carol`, jsonBody({ status: 418 }))).status,
    ).toBe(201);
    await waitFor(async () => (await getClient(a.url, `${prefix}carol`)).status === 418, {
      what: "a to answer the session's runtime token",
    });
    expect((await getClient(a.url, 'carol')).status).toBe(404);
    const ended = await adminCall(c.url, 'DELETE', `/__admin/sessions/${id}`);
    expect(ended.status).toBe(200);
    await waitFor(
      async () =>
        (await Promise.all([a, b].map((s) => adminCall(s.url, 'GET', `/__admin/sessions/${id}`)))).every(
          (r) => r.status === 404,
        ),
      { what: 'the ended session to be gone from every instance' },
    );
    expect((await getClient(b.url, `${prefix}carol`)).status).toBe(404);
  });
});
