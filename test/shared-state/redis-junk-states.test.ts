import { Redis } from 'ioredis';
import { adminCall } from '../helpers/admin-client';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const SCENARIO = `tokens:
  retry-twice:
    sequence:
      - { status: 503, body: none }
      - { status: 503, body: none }
      - client: ${CARD}
  half-second:
    client: ${CARD}
    expire: { after: 500ms }
`;

interface StoreHealth {
  rejected: number;
  lastRejected: string | null;
}

const describeRedis = describeWithRedis();

describeRedis('token state another client overwrote in Redis starts afresh, told and counted', () => {
  let redis: TestRedis;
  let raw: Redis;
  let a: TestSimulator;
  let b: TestSimulator;
  const notices: string[] = [];

  const health = async (t: TestSimulator) =>
    ((await adminCall(t.url, 'GET', '/__admin/health')).body as unknown as { store: StoreHealth }).store;
  const status = async (t: TestSimulator, token: string) => (await getClient(t.url, token)).status;
  /** The field of a token's state that auth-sim wrote: `<kind>:<fingerprint>:<token>`, one definition each. */
  const field = async (kind: 'u' | 't', token: string) => {
    const fields = (await raw.hkeys('auth-sim:states')).filter(
      (f) => f.startsWith(`${kind}:`) && f.endsWith(`:${token}`),
    );
    expect(fields).toHaveLength(1);
    return fields[0];
  };

  beforeAll(async () => {
    redis = await startRedis();
    raw = new Redis(redis.url);
    [a, b] = await Promise.all(
      ['a', 'b'].map((name) =>
        startTestSimulator(
          { 'qa.yaml': SCENARIO },
          { watch: false, redis: { url: redis.url, onNotice: (level, m) => notices.push(`${name} ${level}: ${m}`) } },
        ),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    raw?.disconnect();
    await redis?.stop();
  });
  beforeEach(async () => {
    await adminCall(a.url, 'POST', '/__admin/reset');
  });

  test('a negative use count: the token view answers and the sequence starts again from its first step', async () => {
    expect(await status(a, 'retry-twice')).toBe(503);
    await raw.hset('auth-sim:states', await field('u', 'retry-twice'), '-5');
    const before = (await health(b)).rejected;
    const view = await adminCall(b.url, 'GET', '/__admin/tokens/retry-twice');
    expect(view.status).toBe(200);
    expect(view.body.next).toMatchObject({ use: 1, step: 1, steps: 3 });
    expect(view.body.state).toBeNull();
    expect([await status(b, 'retry-twice'), await status(a, 'retry-twice'), await status(b, 'retry-twice')]).toEqual([
      503, 503, 200,
    ]);
    const store = await health(b);
    expect(store.rejected - before).toBeGreaterThanOrEqual(2);
    expect(store.lastRejected).toMatch(
      /^auth-sim:states token "retry-twice": the use count and first use \(-5 \d+\) are not whole numbers; the token starts afresh$/,
    );
    expect((await adminCall(b.url, 'GET', '/__admin/tokens/retry-twice')).body.state).toMatchObject({ uses: 3 });
  });

  test.each([['abc'], ['1.5e12'], ['0x10'], ['']])(
    'a first use of %j: the token starts afresh and still expires',
    async (junk) => {
      expect(await status(a, 'half-second')).toBe(200);
      await raw.hset('auth-sim:states', await field('t', 'half-second'), junk);
      expect(await status(b, 'half-second')).toBe(200);
      expect((await health(b)).lastRejected).toBe(
        `auth-sim:states token "half-second": the use count and first use (1 ${junk}) are not whole numbers; the token starts afresh`,
      );
      await waitFor(async () => (await status(a, 'half-second')) === 401, {
        timeoutMs: 3000,
        what: 'half-second to expire',
      });
    },
  );

  test('a use count that is not a number: one line tells it, and the state listing skips it', async () => {
    expect(await status(a, 'retry-twice')).toBe(503);
    expect(await status(a, 'half-second')).toBe(200);
    await raw.hset('auth-sim:states', await field('u', 'retry-twice'), 'many');
    const before = (await health(a)).rejected;
    const states = await a.sim.tokenStates.list();
    expect(states.map((s) => s.token)).toEqual(['half-second']);
    expect((await health(a)).rejected - before).toBe(1);
    expect(await status(b, 'retry-twice')).toBe(503);
  });
});
