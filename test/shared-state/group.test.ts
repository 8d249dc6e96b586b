import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const SCENARIO = `
tokens:
  retry-twice:
    sequence:
      - { status: 503, body: none }
      - { status: 503, body: none }
      - client: ${CARD}
  cycling:
    then: cycle
    sequence:
      - { status: 500, errorCode: STEP, errorText: s1 }
      - { status: 501, errorCode: STEP, errorText: s2 }
      - { status: 502, errorCode: STEP, errorText: s3 }
  three-uses:
    client: ${CARD}
    expire: { after: 3 }
  one-second:
    client: ${CARD}
    expire: { after: 1s }
  coin:
    status: 503
    body: none
    chance: 0.5
    otherwise: { client: ${CARD} }
  static: { client: ${CARD} }
`;

const describeRedis = describeWithRedis();

/** Three instances of one group, each over its own copy of the scenario files. */
async function startGroup(redis: TestRedis, prefix = 'auth-sim', seed = 11): Promise<TestSimulator[]> {
  return Promise.all(
    [0, 1, 2].map(() => startTestSimulator({ 'group.yaml': SCENARIO }, { seed, redis: { url: redis.url, prefix } })),
  );
}

async function status(t: TestSimulator, token: string): Promise<number> {
  return (await getClient(t.url, token)).status;
}

async function admin(t: TestSimulator, path: string, init?: RequestInit): Promise<Response> {
  return fetch(`${t.sim.adminUrl}${path}`, init);
}

describeRedis('three instances on one Redis', () => {
  let redis: TestRedis;
  let group: TestSimulator[];

  beforeAll(async () => {
    redis = await startRedis();
    group = await startGroup(redis);
  });
  afterAll(async () => {
    await Promise.all((group ?? []).map((t) => t.close()));
    await redis?.stop();
  });
  beforeEach(async () => {
    await admin(group[0], '/reset', { method: 'POST' });
  });

  test('a sequence asked round-robin answers in one global order', async () => {
    const [a, b, c] = group;
    expect([await status(a, 'retry-twice'), await status(b, 'retry-twice'), await status(c, 'retry-twice')]).toEqual([
      503, 503, 200,
    ]);
    expect(await status(a, 'retry-twice')).toBe(200);
    const cycled = [];
    for (let i = 0; i < 6; i++) cycled.push(await status(group[i % 3], 'cycling'));
    expect(cycled).toEqual([500, 501, 502, 500, 501, 502]);
  });

  test('expiry by uses counts every instance, and by time runs on one clock', async () => {
    const [a, b, c] = group;
    expect([await status(a, 'three-uses'), await status(b, 'three-uses'), await status(c, 'three-uses')]).toEqual([
      200, 200, 200,
    ]);
    expect(await status(b, 'three-uses')).toBe(401);
    expect(await status(a, 'one-second')).toBe(200);
    await waitFor(async () => (await status(c, 'one-second')) === 401, { what: 'one-second expired on C' });
    expect(await status(b, 'one-second')).toBe(401);
  });

  test('chance draws across the group are the ones one instance with that seed draws', async () => {
    const alone = await startTestSimulator({ 'group.yaml': SCENARIO }, { seed: 11 });
    try {
      const shared = [];
      const single = [];
      for (let i = 0; i < 24; i++) shared.push(await status(group[i % 3], 'coin'));
      for (let i = 0; i < 24; i++) single.push(await status(alone, 'coin'));
      expect(shared).toEqual(single);
      expect(new Set(shared)).toEqual(new Set([200, 503]));
    } finally {
      await alone.close();
    }
  });

  test('a runtime PUT on A is answered by B and C, and a DELETE likewise', async () => {
    const [a, b, c] = group;
    const put = await admin(a, '/tokens/newcomer', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 418, body: 'none' }),
    });
    expect(put.status).toBe(201);
    // Waited for, not timed: a 100 ms line here read 332 ms on a loaded CI machine (timed figures belong in the bench).
    const heldBy = (t: TestSimulator) => t.sim.control.runtime.get('newcomer') !== undefined;
    await waitFor(() => heldBy(b) && heldBy(c), { timeoutMs: 5000, intervalMs: 1, what: 'B and C holding the token' });
    expect([await status(b, 'newcomer'), await status(c, 'newcomer')]).toEqual([418, 418]);
    expect((await admin(a, '/tokens/newcomer', { method: 'DELETE' })).status).toBe(200);
    await waitFor(() => !heldBy(b) && !heldBy(c), { timeoutMs: 5000, intervalMs: 1, what: 'B and C dropping it' });
    expect([await status(b, 'newcomer'), await status(c, 'newcomer')]).toEqual([404, 404]);
  });

  test('reset on C resets A and B', async () => {
    const [a, b, c] = group;
    await status(a, 'retry-twice');
    await status(b, 'retry-twice');
    await admin(a, '/tokens/kept', { method: 'PUT', body: '{"status": 418, "body": "none"}' });
    await waitFor(async () => (await status(b, 'kept')) === 418, { what: 'B answering kept' });
    const res = await admin(c, '/reset', { method: 'POST' });
    expect(((await res.json()) as { reset: { tokenStates: number } }).reset.tokenStates).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await status(b, 'kept')) === 404 || (await status(b, 'kept')) !== 418, {
      what: 'B forgetting kept',
    });
    expect(await status(a, 'kept')).not.toBe(418);
    expect(await status(b, 'retry-twice')).toBe(503);
    expect(await status(a, 'retry-twice')).toBe(503);
    expect(await status(c, 'retry-twice')).toBe(200);
  });

  test('the journal read on B holds the requests A and C answered, each with its instance', async () => {
    const [a, b, c] = group;
    const names = group.map((t) => `:${t.sim.port}`);
    const journalOnB = async (count: number) =>
      waitFor(async () => {
        const body = (await (await admin(b, '/requests?token=static')).json()) as {
          requests: { instance: string; status: number }[];
        };
        return body.requests.length === count && body.requests;
      });
    // Each instance writes its batch on its own timer: C asks once A's request is on B, so the order is known.
    await status(a, 'static');
    await journalOnB(1);
    await status(c, 'static');
    const entries = await journalOnB(2);
    expect(entries.map((e) => e.instance.slice(e.instance.lastIndexOf(':')))).toEqual([names[2], names[0]]);
    expect(entries.map((e) => e.status)).toEqual([200, 200]);
  });

  test('health shows the shared store', async () => {
    const body = (await (await admin(group[1], '/health')).json()) as { store: Record<string, unknown> };
    expect(body.store).toMatchObject({ kind: 'redis', prefix: 'auth-sim', state: 'shared', journalDropped: 0 });
  });
});

describeRedis('two prefixes on one Redis', () => {
  let redis: TestRedis;

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  test('never see each other', async () => {
    const one = await startTestSimulator({ 'group.yaml': SCENARIO }, { redis: { url: redis.url, prefix: 'job-1' } });
    const two = await startTestSimulator({ 'group.yaml': SCENARIO }, { redis: { url: redis.url, prefix: 'job-2' } });
    try {
      expect(await status(one, 'retry-twice')).toBe(503);
      expect(await status(one, 'retry-twice')).toBe(503);
      expect(await status(two, 'retry-twice')).toBe(503);
      await admin(one, '/tokens/mine', { method: 'PUT', body: '{"status": 418, "body": "none"}' });
      await admin(two, '/reset', { method: 'POST' });
      expect(await status(one, 'retry-twice')).toBe(200);
      expect(await status(one, 'mine')).toBe(418);
      expect(await status(two, 'mine')).not.toBe(418);
      const journal = (await (await admin(two, '/requests')).json()) as { requests: { token: string }[] };
      expect(journal.requests.map((r) => r.token)).toEqual(['mine']);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
