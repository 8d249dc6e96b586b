import { Redis } from 'ioredis';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { getClients, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const CARD =
  '{ client: { id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true } }';
/** Long tokens, as the sweep sent them: each request carries one into both streams. */
const LONG = 'x'.repeat(4096);
const REQUESTS = 2500;
/** Each stream keeps max(--journal-size, 1,000) requests, and the rest of the entry that holds the oldest of them. */
const CAP = 1000;

const describeRedis = describeWithRedis();

interface Health {
  store: Record<string, number | string>;
}

describeRedis('the group streams in Redis are capped in requests, not batches', () => {
  let redis: TestRedis;
  let client: Redis;
  const sims: TestSimulator[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
  });
  afterAll(async () => {
    await Promise.all(sims.map((t) => t.close()));
    client?.disconnect();
    await redis?.stop();
  });

  test('2,500 requests with 4 KB tokens leave at most the cap in each stream, and a joining replica reads no more', async () => {
    const start = async () => {
      const t = await startTestSimulator(
        { 'cap.yaml': `tokens:\n  ${LONG}: ${CARD}\n` },
        { watch: false, journalSize: 50, redis: { url: redis.url, prefix: 'capped' } },
      );
      sims.push(t);
      return t;
    };
    // Junk another client left in the lists of entries beside the streams: a number past the counter, none at all.
    for (const key of ['capped:journal:entries', 'capped:exchanges:entries'])
      await client.rpush(key, '1-1 99999999999', 'not an entry');
    const first = await start();
    // 20 connections at a time: many requests end in one turn of the event loop and go in one round trip.
    const answers = await getClients(first.url, Array<string>(REQUESTS).fill(LONG), 20);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(REQUESTS);
    const health = async () => ((await (await fetch(`${first.sim.adminUrl}/health`)).json()) as Health).store;
    await waitFor(
      async () => {
        const res = await fetch(`${first.sim.adminUrl}/report`);
        const { requests } = ((await res.json()) as { caller: { requests: number } }).caller;
        // A reader starved of CPU for long enough can find entries trimmed before it read them: counted, not lost silently.
        return requests + Number((await health()).exchangesMissed) === REQUESTS;
      },
      { timeoutMs: 15_000, what: 'the report to hold every request read back from the stream' },
    );
    const held: Record<string, number> = {};
    for (const key of ['capped:journal', 'capped:exchanges']) {
      const entries = (await client.xrange(key, '-', '+')) as [string, string[]][];
      // One entry a batch of requests (a turn's), numbered on from its `s`: the kept ones end at the last request.
      const batches = entries.map(([, fields]) => ({
        s: Number(fields[fields.indexOf('s') + 1]),
        count: (JSON.parse(fields[fields.indexOf('e') + 1]) as unknown[]).length,
      }));
      const requests = batches.reduce((sum, b) => sum + b.count, 0);
      expect([key, batches[0].s + requests - 1]).toEqual([key, REQUESTS]);
      expect(batches.slice(1).every((b, i) => b.s === batches[i].s + batches[i].count)).toBe(true);
      expect(entries.length).toBeLessThan(requests);
      // The cap, and no more than the rest of the oldest kept entry: an entry holds the requests that
      // waited for one write, up to 500 while the one before it was out, so the excess is that entry's.
      expect(requests).toBeGreaterThanOrEqual(CAP);
      expect(requests - batches[0].count).toBeLessThan(CAP);
      held[key] = requests;
      // Bounded by the cap: about 5 KB a request here, never the 2,500 requests sent (over 12 MB).
      // SAMPLES 0 sizes every node. By default Redis sizes 5 of the stream's nodes and scales them up:
      // for 1,000 requests the estimate read 4.6-5.4 MB in five runs here, where the exact size was
      // 4.9 MB each time, and 7.2 MB in a CI run.
      expect(Number(await client.memory('USAGE', key, 'SAMPLES', 0))).toBeLessThan(requests * 6 * 1024);
    }
    expect(await health()).toMatchObject({ journalDropped: 0, exchangesDropped: 0 });

    const joining = await start();
    const report = (await (await fetch(`${joining.sim.adminUrl}/report`)).json()) as { caller: { requests: number } };
    // It reads every exchange the stream holds, and none it trimmed.
    expect(report.caller.requests).toBe(held['capped:exchanges']);
    const journal = (await (await fetch(`${joining.sim.adminUrl}/requests`)).json()) as { requests: { seq: number }[] };
    // Its journal holds --journal-size, the newest, numbered as the group numbered them.
    expect(journal.requests.map((r) => r.seq)).toEqual(Array.from({ length: 50 }, (_, i) => REQUESTS - i));
  });
});
