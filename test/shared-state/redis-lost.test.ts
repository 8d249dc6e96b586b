import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const SCENARIO = `
tokens:
  static: { client: ${CARD} }
  counting:
    then: cycle
    sequence:
      - { status: 500, errorCode: STEP, errorText: s1 }
      - { status: 501, errorCode: STEP, errorText: s2 }
`;

const describeRedis = describeWithRedis();

describeRedis('Redis lost while serving', () => {
  let redis: TestRedis;
  let group: TestSimulator[];
  const notices: string[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    group = await Promise.all(
      [0, 1].map(() =>
        startTestSimulator(
          { 'lost.yaml': SCENARIO },
          { redis: { url: redis.url, onNotice: (level, message) => notices.push(`${level}: ${message}`) } },
        ),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all((group ?? []).map((t) => t.close()));
    await redis?.stop();
  });

  test('static cards never fail, stateful ones answer from local state, and sharing resumes after a restart', async () => {
    const [a, b] = group;
    const health = async () =>
      ((await (await fetch(`${a.sim.adminUrl}/health`)).json()) as { store: { state: string } }).store.state;
    // A bounded load of static requests on both instances while Redis dies and comes back.
    let stop = false;
    const outcomes = { ok: 0, failed: 0 };
    const load = Promise.all(
      group.map(async (t) => {
        for (let i = 0; i < 2000 && !stop; i++) {
          const res = await getClient(t.url, 'static').catch(() => null);
          if (res?.status === 200) outcomes.ok += 1;
          else outcomes.failed += 1;
        }
      }),
    );
    await waitFor(() => outcomes.ok >= 20, { what: 'the load running' });
    await redis.kill();
    await waitFor(async () => (await health()) === 'local', { what: 'health saying local' });
    const started = performance.now();
    const local = (await getClient(a.url, 'counting')).status;
    expect(performance.now() - started).toBeLessThan(1000);
    expect([500, 501]).toContain(local);
    await waitFor(() => notices.filter((n) => n.startsWith('warn: lost Redis')).length === 2, {
      what: 'one lost line per instance',
    });
    await redis.start();
    await waitFor(async () => (await health()) === 'shared', { timeoutMs: 5000, what: 'sharing again within 5 s' });
    await waitFor(() => notices.filter((n) => n.startsWith('info: Redis at')).length === 2, {
      what: 'both saying it is back',
    }).catch((e: Error) => {
      throw new Error(`${e.message}: ${notices.join(' | ')}`);
    });
    expect(notices.filter((n) => n.includes('is back, empty'))).toHaveLength(2);
    stop = true;
    await load;
    expect(outcomes.failed).toBe(0);
    expect(outcomes.ok).toBeGreaterThan(20);
    // Shared again: one order across both.
    await fetch(`${b.sim.adminUrl}/reset`, { method: 'POST' });
    expect([(await getClient(a.url, 'counting')).status, (await getClient(b.url, 'counting')).status]).toEqual([
      500, 501,
    ]);
  });
});
