import { Redis } from 'ioredis';
import { adminCall, jsonBody } from '../../helpers/admin-client';
import { describeWithRedis, startTestGroup, type TestGroup } from '../../helpers/redis-server';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { waitFor } from '../../helpers/wait-for';

const FILE = 'tokens:\n  alice: { status: 204, body: none }\n';

async function openSession(url: string, ttl: string): Promise<string> {
  const opened = await adminCall(url, 'POST', '/__admin/sessions', jsonBody({ ttl }));
  expect(opened.status).toBe(201);
  return (opened.body as { id: string }).id;
}

async function liveSessions(url: string): Promise<string[]> {
  const listed = await adminCall(url, 'GET', '/__admin/sessions');
  return (listed.body as { sessions: { id: string }[] }).sessions.map((s) => s.id);
}

async function advance(url: string, by: string): Promise<void> {
  const moved = await adminCall(url, 'POST', '/__admin/clock', jsonBody({ advance: by }));
  expect(moved.status).toBe(200);
}

describe('an idle session ends by scenario time (POST /__admin/clock)', () => {
  let t: TestSimulator;
  beforeAll(async () => {
    t = await startTestSimulator({ 'a.yaml': FILE }, { watch: false });
  });
  afterAll(() => t.close());

  test('advanced past its ttl, a session has ended when the advance answers; one with time left stays', async () => {
    const short = await openSession(t.url, '1m');
    const long = await openSession(t.url, '3h');
    await advance(t.url, '2h');
    expect(await liveSessions(t.url)).toEqual([long]);
    expect((await adminCall(t.url, 'GET', `/__admin/sessions/${short}`)).status).toBe(404);
    // What is left of the long one's ttl is counted from the scenario clock too.
    await advance(t.url, '61m');
    expect(await liveSessions(t.url)).toEqual([]);
  });

  test('used while the clock was ahead, then the clock set back: it was last used now, not in the future', async () => {
    const id = await openSession(t.url, '3h');
    await advance(t.url, '2h');
    const prefix = `ses-${id}-`;
    expect((await getClient(t.url, `${prefix}alice`)).status).toBe(204);
    expect((await adminCall(t.url, 'DELETE', '/__admin/clock')).status).toBe(200);
    const listed = await adminCall(t.url, 'GET', '/__admin/sessions');
    const session = (listed.body as { sessions: { id: string; lastUsedAt: string }[] }).sessions.find(
      (s) => s.id === id,
    );
    expect(Date.parse(session!.lastUsedAt)).toBeLessThanOrEqual(Date.now());
    expect((await adminCall(t.url, 'DELETE', `/__admin/sessions/${id}`)).status).toBe(200);
  });
});

describeWithRedis()('an idle session ends by scenario time in a group (--redis)', () => {
  let g: TestGroup;
  beforeAll(async () => {
    g = await startTestGroup({ 'a.yaml': FILE });
  });
  afterAll(() => g.close());

  test('the clock advanced on one instance ends, on both, a session opened on the other', async () => {
    const short = await openSession(g.a.url, '1m');
    const long = await openSession(g.a.url, '3h');
    await waitFor(async () => (await liveSessions(g.b.url)).length === 2, { what: 'both sessions known to B' });
    await advance(g.b.url, '2h');
    expect(await liveSessions(g.b.url)).toEqual([long]);
    await waitFor(async () => (await liveSessions(g.a.url)).join() === long, { what: 'the short one ended on A' });
    const raw = new Redis(g.redis.url);
    try {
      expect(await raw.exists(`auth-sim:session:${short}`, `auth-sim:session:${long}`)).toBe(1);
      // The long one's 3 h in Redis, real time, are shortened by the 2 h advance.
      const left = await raw.pttl(`auth-sim:session:${long}`);
      expect(left).toBeGreaterThan(59 * 60 * 1000);
      expect(left).toBeLessThanOrEqual(60 * 60 * 1000);
    } finally {
      raw.disconnect();
    }
  });
});
