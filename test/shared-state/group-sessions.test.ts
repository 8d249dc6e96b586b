import { Redis } from 'ioredis';
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

describeRedis('a session lives in Redis whole: an instance started after it has all of it', () => {
  const CAROL = {
    client: { id: '7', name: 'Late Carol', surname: 'Late', firstname: 'Carol', type: '0', enabled: true },
  };
  let redis: TestRedis;
  let raw: Redis;
  const sims: TestSimulator[] = [];
  const notices: string[] = [];
  const start = async (name: string) => {
    const onNotice = (level: string, message: string) => notices.push(`${name} ${level}: ${message}`);
    const sim = await startTestSimulator(
      { 'qa.yaml': SCENARIO },
      { watch: false, redis: { url: redis.url, prefix: 'late', onNotice } },
    );
    sims.push(sim);
    return sim;
  };
  const store = async (sim: TestSimulator) =>
    ((await adminCall(sim.url, 'GET', '/__admin/health')).body as { store: { rejected: number; lastRejected: string } })
      .store;
  beforeAll(async () => {
    redis = await startRedis();
    raw = new Redis(redis.url);
  });
  afterAll(async () => {
    raw?.disconnect();
    await Promise.all(sims.map((s) => s.close()));
    await redis?.stop();
  });

  test('C, started after a session got a runtime token on A, serves it, lists the session and reports on it; B ends it everywhere', async () => {
    const [a, b] = [await start('a'), await start('b')];
    const opened = await adminCall(a.url, 'POST', '/__admin/sessions', jsonBody({ tokens: ['carol', 'retry-twice'] }));
    const { id, prefix } = opened.body as { id: string; prefix: string };
    expect((await adminCall(a.url, 'PUT', `/__admin/sessions/${id}/tokens/carol`, jsonBody(CAROL))).status).toBe(201);
    expect((await getClient(a.url, `${prefix}retry-twice`)).status).toBe(503);
    // Another client's junk beside the session's runtime tokens: C skips it, counts it and says so once.
    await raw.hset(`late:session:${id}:runtime`, 'junk', '{"text": 1, "file": "(admin)"}');

    const c = await start('c');
    const carol = await getClient(c.url, `${prefix}carol`);
    expect([carol.status, carol.text]).toEqual([
      200,
      '{"client":{"id":"7","name":"Late Carol","surname":"Late","firstname":"Carol","type":"0","enabled":"true"}}',
    ]);
    expect((await getClient(c.url, 'carol')).status).toBe(404);
    expect(await store(c)).toMatchObject({
      rejected: 1,
      lastRejected: `late:session:${id}:runtime token "junk": text is 1, not a string`,
    });

    // C lists the group's sessions read from Redis: a record that is not one is skipped and counted.
    await raw.set('late:session:junk0', 'not json', 'PX', 60_000);
    const listed = (await adminCall(c.url, 'GET', '/__admin/sessions')).body;
    expect(listed).toMatchObject({ count: 1, sessions: [{ id, prefix, tokens: ['carol', 'retry-twice'] }] });
    expect(await store(c)).toMatchObject({ rejected: 2, lastRejected: 'late:session:junk0: not JSON: "not json"' });
    expect(notices.filter((n) => n.startsWith('c warn: skipped'))).toEqual([
      `c warn: skipped a value in Redis that auth-sim cannot use (another client wrote it?): late:session:${id}:runtime token "junk": text is 1, not a string; rejected values are counted in GET /__admin/health (store.rejected)`,
    ]);

    // C's report on the session holds A's request from before C started, and its own.
    const report = (await adminCall(c.url, 'GET', `/__admin/sessions/${id}/report`)).body;
    expect(report).toMatchObject({
      session: { id, prefix },
      tokens: { carol: { calls: 1, statuses: { '200': 1 } }, 'retry-twice': { calls: 1, statuses: { '503': 1 } } },
      unusedTokens: [],
    });

    expect((await adminCall(b.url, 'DELETE', `/__admin/sessions/${id}`)).status).toBe(200);
    await waitFor(
      async () =>
        (await Promise.all([a, c].map((s) => adminCall(s.url, 'GET', `/__admin/sessions/${id}`)))).every(
          (r) => r.status === 404,
        ),
      { what: 'the ended session to be gone from every instance' },
    );
    expect((await getClient(c.url, `${prefix}carol`)).status).toBe(404);
    expect(await raw.exists(`late:session:${id}`, `late:session:${id}:runtime`, `late:session:${id}:states`)).toBe(0);
    expect((await adminCall(c.url, 'GET', '/__admin/sessions')).body).toMatchObject({ count: 0, sessions: [] });
  });

  test("a reset forgets sessions' runtime tokens in Redis too: an instance that starts after it does not take them on", async () => {
    const [a] = sims;
    const { id, prefix } = (await adminCall(a.url, 'POST', '/__admin/sessions')).body as { id: string; prefix: string };
    expect((await adminCall(a.url, 'PUT', `/__admin/sessions/${id}/tokens/carol`, jsonBody(CAROL))).status).toBe(201);
    expect(await raw.hkeys(`late:session:${id}:runtime`)).toEqual(['carol']);
    expect((await adminCall(a.url, 'POST', '/__admin/reset')).status).toBe(200);
    expect(await raw.exists(`late:session:${id}:runtime`)).toBe(0);
    const d = await start('d');
    expect((await getClient(d.url, `${prefix}carol`)).status).toBe(404);
    expect(((await adminCall(d.url, 'GET', `/__admin/sessions/${id}`)).body as { id: string }).id).toBe(id);
  });
});
