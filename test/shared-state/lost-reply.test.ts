import { Redis } from 'ioredis';
import { runSimulator, type Simulator } from '../../src/server/run-simulator';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { getClient } from '../helpers/test-simulator';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

/**
 * Holds Redis busy for `ms` in one script: every command sent meanwhile waits, and its reply comes
 * after the simulator's 250 ms command time-out, although Redis then runs it.
 */
const BUSY = `
local start = redis.call('TIME')
local from = start[1] * 1000000 + start[2]
repeat
  local now = redis.call('TIME')
until now[1] * 1000000 + now[2] - from >= tonumber(ARGV[1]) * 1000
return 1
`;

interface Report {
  tokens: Record<string, { calls: number }>;
  caller: { requests: number };
}

const describeRedis = describeWithRedis();

describeRedis('a Redis slow to reply', () => {
  let redis: TestRedis;
  let dir: TempDir;
  let blocker: Redis;
  const start = () =>
    runSimulator({ sources: { paths: [dir.path] }, port: 0, watch: false, redis: { url: redis.url } });

  beforeAll(async () => {
    redis = await startRedis();
    dir = makeTempDir();
    dir.write(
      'qa.yaml',
      'tokens:\n  alice: { client: { id: "1", name: A, surname: S, firstname: F, type: "0", enabled: true } }\n',
    );
    blocker = new Redis(redis.url);
  });

  afterAll(async () => {
    blocker.disconnect();
    await redis.stop();
    dir.remove();
  });

  describe('a write to the group whose reply is lost', () => {
    let sim: Simulator;
    beforeAll(async () => {
      sim = await start();
    });
    afterAll(async () => {
      await sim.close();
    });

    test('is sent again and counted once: the report and the journal hold each request once', async () => {
      // Redis is busy for 800 ms: the request's write waits behind it, times out here, then runs.
      const busy = blocker.eval(BUSY, 0, 800);
      expect((await getClient(sim.url, 'alice')).status).toBe(200);
      await busy;
      // The next request's write sends the unanswered one again first.
      expect((await getClient(sim.url, 'alice')).status).toBe(200);
      const report = (await (await fetch(`${sim.adminUrl}/report`)).json()) as Report;
      expect(report.tokens.alice.calls).toBe(2);
      expect(report.caller.requests).toBe(2);
      const journal = (await (await fetch(`${sim.adminUrl}/requests`)).json()) as { requests: { seq: number }[] };
      expect(journal.requests.map((r) => r.seq)).toEqual([2, 1]);
    });
  });

  test('an instance starting while it is busy is waited for within the 3 s connect budget, not refused at the 250 ms command time-out', async () => {
    await blocker.ping();
    // Redis runs the script for 1.5 s: the start's first commands are answered after it.
    let freed = false;
    const busy = blocker.eval(BUSY, 0, 1500).then(() => (freed = true));
    const sim = await start();
    try {
      // The start waited for Redis to be free (so it was asked while Redis was busy).
      expect(freed).toBe(true);
      await busy;
      expect((await getClient(sim.url, 'alice')).status).toBe(200);
      const health = (await (await fetch(`${sim.adminUrl}/health`)).json()) as { store: { state: string } };
      expect(health.store.state).toBe('shared');
    } finally {
      await sim.close();
    }
  });
});
