import { Redis } from 'ioredis';
import { adminCall } from '../helpers/admin-client';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

/** Instance a's `seq`: two steps, and the caller is expected to call at most twice. */
const FILE_A = `tokens:
  seq:
    sequence:
      - { status: 503, errorCode: A, errorText: a1 }
      - { status: 500, errorCode: A, errorText: a2 }
    expect: { calls: { atMost: 2 } }
  same: { status: 404 }
`;
/** Instance b's `seq`: another sequence of three, expected to be called at least five times. */
const FILE_B = `tokens:
  seq:
    sequence:
      - { status: 502, errorCode: B, errorText: b1 }
      - { status: 501, errorCode: B, errorText: b2 }
      - { status: 500, errorCode: B, errorText: b3 }
    expect: { calls: { atLeast: 5 } }
  same: { status: 404 }
`;

interface StoreHealth {
  instance: string;
  scenarioSetsDiffer: boolean;
  scenarioSets: Record<string, string>;
}

const describeRedis = describeWithRedis();

describeRedis('two instances with different scenario files on one prefix', () => {
  let redis: TestRedis;
  let raw: Redis;
  let a: TestSimulator;
  let b: TestSimulator;
  const notices: Record<'a' | 'b', string[]> = { a: [], b: [] };

  const store = async (t: TestSimulator) =>
    ((await adminCall(t.url, 'GET', '/__admin/health')).body as unknown as { store: StoreHealth }).store;
  const answer = async (t: TestSimulator) => {
    const res = await getClient(t.url, 'seq');
    return `${res.status} ${res.text}`;
  };
  const error = (status: number, code: string, text: string) =>
    `${status} ${JSON.stringify({ errorCode: code, errorText: text })}`;

  beforeAll(async () => {
    redis = await startRedis();
    raw = new Redis(redis.url);
    const start = (name: 'a' | 'b', file: string) =>
      startTestSimulator(
        { 'qa.yaml': file },
        { watch: false, redis: { url: redis.url, onNotice: (level, m) => notices[name].push(`${level}: ${m}`) } },
      );
    [a, b] = await Promise.all([start('a', FILE_A), start('b', FILE_B)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    raw?.disconnect();
    await redis?.stop();
  });

  test('each advances its own sequence, both warn once and show it in health, and it clears when they agree', async () => {
    const turns = [a, b, a, b, b];
    const answers: string[] = [];
    for (const t of turns) answers.push(await answer(t));
    expect(answers).toEqual([
      error(503, 'A', 'a1'),
      error(502, 'B', 'b1'),
      error(500, 'A', 'a2'),
      error(501, 'B', 'b2'),
      error(500, 'B', 'b3'),
    ]);

    const [ha, hb] = await waitFor(
      async () => {
        const both = await Promise.all([store(a), store(b)]);
        return both.every((h) => h.scenarioSetsDiffer && Object.keys(h.scenarioSets).length === 2) && both;
      },
      { timeoutMs: 10_000, what: 'both instances to show that the sets differ' },
    );
    const digestA = ha.scenarioSets[ha.instance];
    const digestB = hb.scenarioSets[hb.instance];
    expect(digestA).not.toBe(digestB);
    expect(hb.scenarioSets).toEqual(ha.scenarioSets);
    const tail =
      'each keeps its own token state, but they answer differently and judge the caller by different expectations; give every instance the same scenario files';
    expect(notices.a).toEqual([
      `warn: scenario sets differ: ${hb.instance} serves ${digestB}, this instance (${ha.instance}) ${digestA}: 1 entry differs ("seq"); ${tail}`,
    ]);
    expect(notices.b).toEqual([
      `warn: scenario sets differ: ${ha.instance} serves ${digestA}, this instance (${hb.instance}) ${digestB}: 1 entry differs ("seq"); ${tail}`,
    ]);

    // Each view shows its own definition's state; each report judges by its own file's expectations.
    expect((await adminCall(a.url, 'GET', '/__admin/tokens/seq')).body.state).toMatchObject({ uses: 2 });
    expect((await adminCall(b.url, 'GET', '/__admin/tokens/seq')).body.state).toMatchObject({ uses: 3 });
    // The group's report counts every call (a stream write that timed out under load and was sent
    // again counts twice, so `seen` is compared between the two rather than to 5).
    const judged = async (t: TestSimulator) => {
      const report = (await adminCall(t.url, 'GET', '/__admin/report')).body as {
        expectations: { token: string; expectation: string; expected: string; seen: string; outcome: string }[];
      };
      return report.expectations.filter((e) => e.token === 'seq');
    };
    const [judgedA, judgedB] = [await judged(a), await judged(b)];
    expect(judgedA.map((e) => [e.expectation, e.expected, e.outcome])).toEqual([['calls', 'at most 2', 'fail']]);
    expect(judgedB.map((e) => [e.expectation, e.expected, e.outcome])).toEqual([['calls', 'at least 5', 'pass']]);
    expect(judgedA[0].seen).toBe(judgedB[0].seen);

    // b takes a's file: the sets agree again, b's old definition's state goes, and b shares a's.
    b.dir.write('qa.yaml', FILE_A);
    expect((await b.sim.store.reload('test')).ok).toBe(true);
    await waitFor(async () => !(await store(a)).scenarioSetsDiffer && !(await store(b)).scenarioSetsDiffer, {
      timeoutMs: 10_000,
      what: 'the sets to agree again',
    });
    await waitFor(() => notices.a.length === 2 && notices.b.length === 2, { what: 'both to tell the agreement' });
    expect(notices.a[1]).toBe(`info: scenario sets agree again: every instance of the group serves ${digestA}`);
    expect(notices.b[1]).toBe(`info: scenario sets agree again: every instance of the group serves ${digestA}`);
    await waitFor(async () => new Set((await raw.hkeys('auth-sim:states')).map((f) => f.split(':')[1])).size === 1, {
      what: "b's old definition's state to be forgotten",
    });
    expect(await answer(b)).toBe(error(500, 'A', 'a2'));
    expect((await adminCall(a.url, 'GET', '/__admin/tokens/seq')).body.state).toMatchObject({ uses: 3 });
  });
});
