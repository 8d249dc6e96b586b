import { Redis } from 'ioredis';
import { runSimulator, type Simulator } from '../../src/server/run-simulator';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { adminCall } from '../helpers/admin-client';
import { getClient } from '../helpers/test-simulator';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const describeRedis = describeWithRedis();

/**
 * An instance joining while Redis holds its writes back (CLIENT PAUSE ... WRITE: reads are
 * answered, writes wait): the join's first write waits past the 250 ms a command may take, as it
 * does behind a busy Redis. The instance must still take on what the group holds, the runtime
 * tokens and the clock, rather than answer differently from the others until its next reconnect.
 */
describeRedis('an instance joining while Redis holds its writes back', () => {
  let redis: TestRedis;
  let dir: TempDir;
  let pauser: Redis;
  let first: Simulator;
  const start = (notices: string[] = []) =>
    runSimulator({
      sources: { paths: [dir.path] },
      port: 0,
      watch: false,
      redis: { url: redis.url, onNotice: (level, message) => notices.push(`${level}: ${message}`) },
    });

  beforeAll(async () => {
    redis = await startRedis();
    dir = makeTempDir();
    dir.write(
      'qa.yaml',
      'tokens:\n  alice: { client: { id: "1", name: A, surname: S, firstname: F, type: "0", enabled: true } }\n',
    );
    pauser = new Redis(redis.url);
    first = await start();
    // What the group holds: a runtime token, and a clock moved on by a day.
    expect(
      (await adminCall(first.url, 'PUT', '/__admin/tokens/late', { body: '{"status": 418, "body": "none"}' })).status,
    ).toBe(201);
    expect((await adminCall(first.url, 'POST', '/__admin/clock', { body: '{"advance": "24h"}' })).status).toBe(200);
  });

  afterAll(async () => {
    await first?.close();
    pauser.disconnect();
    await redis.stop();
    dir.remove();
  });

  const offsetOf = async (sim: Simulator) =>
    ((await adminCall(sim.url, 'GET', '/__admin/clock')).body as unknown as { offsetMs: number }).offsetMs;

  test('for 1.5 s: its start waits, then it answers the runtime token and keeps the group clock', async () => {
    await pauser.call('CLIENT', 'PAUSE', '1500', 'WRITE');
    const pausedUntil = Date.now() + 1500;
    const notices: string[] = [];
    const late = await start(notices);
    try {
      // The join's first write waited for Redis (so the start asked while Redis held writes back).
      expect(Date.now()).toBeGreaterThanOrEqual(pausedUntil - 50);
      expect((await getClient(late.url, 'late')).status).toBe(418);
      expect(await offsetOf(late)).toBe(86_400_000);
      expect(notices).toEqual([]);
    } finally {
      await late.close();
    }
  });

  test('for 8 s: it starts after 3 s saying why, and takes the group on once Redis answers', async () => {
    await pauser.call('CLIENT', 'PAUSE', '8000', 'WRITE');
    const startedAt = Date.now();
    const notices: string[] = [];
    const late = await start(notices);
    try {
      // It waited the connect budget, then went on serving while Redis still held writes back.
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3000);
      expect(Date.now() - startedAt).toBeLessThan(8000);
      expect(notices).toEqual([
        `warn: could not take on the group's runtime tokens and clock from Redis at ${redis.url}: Command timed out; trying again every second`,
      ]);
      await waitFor(async () => (await getClient(late.url, 'late')).status === 418, {
        timeoutMs: 15_000,
        what: 'the late instance answering the runtime token',
      });
      expect(await offsetOf(late)).toBe(86_400_000);
      expect(notices[1]).toBe(`info: took on the group's runtime tokens and clock from Redis at ${redis.url}`);
    } finally {
      await late.close();
    }
  }, 30_000);
});
