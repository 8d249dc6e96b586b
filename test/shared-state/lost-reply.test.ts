import { Redis } from 'ioredis';
import { runSimulator, type Simulator } from '../../src/server/run-simulator';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { adminCall } from '../helpers/admin-client';
import { getClient } from '../helpers/test-simulator';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

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
  /** An instance of the group named `prefix`; what it tells of Redis goes to `notices`. */
  const start = (notices: string[] = [], prefix?: string) =>
    runSimulator({
      sources: { paths: [dir.path] },
      port: 0,
      watch: false,
      redis: { url: redis.url, prefix, onNotice: (level, message) => notices.push(`${level}: ${message}`) },
    });

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

  /**
   * A session another instance opened, whose announcement this one missed: a request for it looks
   * it up in Redis. Written there straight, as if its announcement were lost (a group of its own,
   * prefix slow-lookup). Redis busy past the 250 ms a command may take must not make the session's
   * token an unknown one here while the instance that opened it answers it.
   */
  describe('a request for a session this instance has not heard of', () => {
    let sim: Simulator;
    const notices: string[] = [];
    const session = async (id: string) => {
      const record = { id, prefix: `ses-${id}-`, tokens: null, ttlMs: 600_000, createdAt: Date.now() };
      await blocker.set(`slow-lookup:session:${id}`, JSON.stringify(record), 'PX', 600_000);
      return record.prefix;
    };

    beforeAll(async () => {
      sim = await start(notices, 'slow-lookup');
    });
    afterAll(async () => {
      await sim?.close();
    });

    test("while Redis is busy for 1 s: asked again until it answers, then answered as the session's token", async () => {
      const prefix = await session('lookupone1');
      let freed = false;
      const busy = blocker.eval(BUSY, 0, 1000).then(() => (freed = true));
      const answer = await getClient(sim.url, `${prefix}alice`);
      expect([answer.status, freed]).toEqual([200, true]);
      await busy;
      expect(notices).toEqual([]);
    });

    test("while Redis is busy for 5 s: answered as an unknown token after 3 s, told, and as the session's token once Redis answers", async () => {
      const prefix = await session('lookuptwo2');
      const busy = blocker.eval(BUSY, 0, 5000);
      const asked = Date.now();
      const answer = await getClient(sim.url, `${prefix}alice`);
      expect(answer.status).toBe(404);
      expect(Date.now() - asked).toBeGreaterThanOrEqual(3000);
      expect(notices).toEqual([
        'warn: could not look up session lookuptwo2 in Redis within 3 s: Command timed out; a request for a session this instance has not heard of is answered as an unknown token until Redis answers',
      ]);
      await busy;
      expect((await getClient(sim.url, `${prefix}alice`)).status).toBe(200);
      expect(notices[1]).toBe('info: Redis answers session lookups again');
    }, 30_000);
  });

  /**
   * An instance joining while Redis holds its writes back (CLIENT PAUSE ... WRITE: reads are
   * answered, writes wait): the join's first write waits past the 250 ms a command may take, as it
   * does behind a busy Redis. The instance must still take on what the group holds, the runtime
   * tokens and the clock, rather than answer differently from the others until its next reconnect.
   * A group of its own (prefix slow-join), so the day it moves the clock on stays there.
   */
  describe('an instance joining while Redis holds its writes back', () => {
    let first: Simulator;

    beforeAll(async () => {
      first = await start([], 'slow-join');
      // What the group holds: a runtime token, and a clock moved on by a day.
      expect(
        (await adminCall(first.url, 'PUT', '/__admin/tokens/late', { body: '{"status": 418, "body": "none"}' })).status,
      ).toBe(201);
      expect((await adminCall(first.url, 'POST', '/__admin/clock', { body: '{"advance": "24h"}' })).status).toBe(200);
    });

    afterAll(async () => {
      await first?.close();
    });

    const offsetOf = async (sim: Simulator) =>
      ((await adminCall(sim.url, 'GET', '/__admin/clock')).body as unknown as { offsetMs: number }).offsetMs;

    test('for 1.5 s: its start waits, then it answers the runtime token and keeps the group clock', async () => {
      // Read before the pause is asked for: it ends no sooner than this, however late its reply comes.
      const pausedUntil = Date.now() + 1500;
      await blocker.call('CLIENT', 'PAUSE', '1500', 'WRITE');
      const notices: string[] = [];
      const late = await start(notices, 'slow-join');
      try {
        // The join's first write waited for Redis (so the start asked while Redis held writes back).
        expect(Date.now()).toBeGreaterThanOrEqual(pausedUntil);
        expect((await getClient(late.url, 'late')).status).toBe(418);
        expect(await offsetOf(late)).toBe(86_400_000);
        expect(notices).toEqual([]);
      } finally {
        await late.close();
      }
    });

    test('held back until told: it starts after its 3 s wait saying why, serves meanwhile, and takes the group on once Redis lets writes through', async () => {
      // Held until UNPAUSE below, so no start on a loaded machine outlasts the pause.
      await blocker.call('CLIENT', 'PAUSE', '60000', 'WRITE');
      const startedAt = Date.now();
      const notices: string[] = [];
      let late: Simulator | undefined;
      try {
        late = await start(notices, 'slow-join');
        // It waited the connect budget, then went on serving without the group's tokens, and says so.
        expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3000);
        expect(notices).toEqual([
          `warn: could not take on the group's runtime tokens and clock from Redis at ${redis.url}: Command timed out; trying again every second`,
        ]);
        expect((await getClient(late.url, 'alice')).status).toBe(200);
        expect((await getClient(late.url, 'late')).status).toBe(404);
        await blocker.call('CLIENT', 'UNPAUSE');
        const served = late;
        await waitFor(async () => (await getClient(served.url, 'late')).status === 418, {
          timeoutMs: 15_000,
          what: 'the late instance answering the runtime token',
        });
        expect(await offsetOf(late)).toBe(86_400_000);
        expect(notices[1]).toBe(`info: took on the group's runtime tokens and clock from Redis at ${redis.url}`);
      } finally {
        await blocker.call('CLIENT', 'UNPAUSE');
        await late?.close();
      }
    }, 45_000);
  });
});
