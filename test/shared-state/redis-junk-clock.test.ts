import { Redis } from 'ioredis';
import { adminCall } from '../helpers/admin-client';
import { describeWithRedis, useRedisAndClient } from '../helpers/redis-server';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const SCENARIO = `tokens:
  hour-long:
    client: ${CARD}
    expire: { after: 1h }
`;
/** Redis asks for it: no notice may show it. */
const PASSWORD = 'pa55-w0rd-never-shown';
const WARNING = 'skipped a value in Redis that auth-sim cannot use (another client wrote it?)';
const COUNTED = 'rejected values are counted in GET /__admin/health (store.rejected)';
const MEANT = "not the group's clock offset (whole milliseconds from 0, at most 14 digits)";
const TWO_HOURS = 7_200_000;

interface ClockStatus {
  offsetMs: number;
  now: string;
}
interface StoreHealth {
  rejected: number;
  lastRejected: string | null;
}

/** What another client writes to the group's clock key, and how the instance that meets it names it. */
const CASES: readonly (readonly [string, (raw: Redis, key: string) => Promise<unknown>])[] = [
  ['the string "abc"', (raw, key) => raw.set(key, 'abc')],
  ['the string "NaN"', (raw, key) => raw.set(key, 'NaN')],
  ['the string "-5"', (raw, key) => raw.set(key, '-5')],
  ['the string "1.5"', (raw, key) => raw.set(key, '1.5')],
  ['the string "007"', (raw, key) => raw.set(key, '007')],
  ['the string "999999999999999999"', (raw, key) => raw.set(key, '999999999999999999')],
  ['the string "99999999999999999999"', (raw, key) => raw.set(key, '99999999999999999999')],
  [
    'the string "\\u001b[31m01234567890123456789012345678901234..." (50 bytes)',
    (raw, key) => raw.set(key, `\u001b[31m${'0123456789'.repeat(5)}`.slice(0, 50)),
  ],
  ['a hash', (raw, key) => raw.hset(key, 'offset', '5')],
  ['a list', (raw, key) => raw.rpush(key, '5')],
];

const describeRedis = describeWithRedis();

describeRedis('junk another client writes to the group’s clock never stops the clock', () => {
  const guarded = useRedisAndClient(PASSWORD);

  const start = (prefix: string, name: string, notices: string[]) =>
    startTestSimulator(
      { 'qa.yaml': SCENARIO },
      {
        watch: false,
        redis: { url: guarded.url, prefix, onNotice: (level, m) => notices.push(`${name} ${level}: ${m}`) },
      },
    );
  /** A group of its own: fresh keys, and fresh instances whose first warning is told at once. */
  const startGroup = async (prefix: string) => {
    const notices: string[] = [];
    const [a, b] = await Promise.all(['a', 'b'].map((name) => start(prefix, name, notices)));
    return { a, b, notices, close: async () => void (await Promise.all([a.close(), b.close()])) };
  };
  const clock = async (t: TestSimulator) =>
    (await adminCall(t.url, 'GET', '/__admin/clock')).body as unknown as ClockStatus;
  const store = async (t: TestSimulator) =>
    ((await adminCall(t.url, 'GET', '/__admin/health')).body as unknown as { store: StoreHealth }).store;
  const warnings = (notices: readonly string[]) => notices.filter((n) => n.includes(' warn: '));

  test.each(CASES.map(([what, write], i) => [what, i, write] as const))(
    '%s in the clock key: an advance replaces it, moves every instance, and is told once',
    async (what, index, write) => {
      const prefix = `clock-${index}`;
      const { a, b, notices, close } = await startGroup(prefix);
      try {
        expect((await getClient(a.url, 'hour-long')).status).toBe(200);
        await write(guarded.raw, `${prefix}:clock`);

        const moved = await adminCall(a.url, 'POST', '/__admin/clock', { body: '{"advance": "2h"}' });
        expect([moved.status, (moved.body as unknown as ClockStatus).offsetMs]).toEqual([200, TWO_HOURS]);
        expect(await guarded.raw.get(`${prefix}:clock`)).toBe(String(TWO_HOURS));
        await waitFor(async () => (await clock(b)).offsetMs === TWO_HOURS, { what: "B's clock to show A's advance" });
        expect(Date.parse((await clock(b)).now) - Date.now()).toBeGreaterThan(TWO_HOURS - 60_000);
        // Expiry is judged in Redis, on Redis's clock plus the group's offset: the hour has passed for B too.
        expect((await getClient(b.url, 'hour-long')).status).toBe(401);

        const told = `${prefix}:clock: holds ${what}, ${MEANT}; the offset goes on from 0 ms`;
        expect(warnings(notices)).toEqual([`a warn: ${WARNING}: ${told}; ${COUNTED}`]);
        expect(await store(a)).toMatchObject({ rejected: 1, lastRejected: told });
        expect(notices.join('\n')).not.toContain(PASSWORD);
      } finally {
        await close();
      }
    },
  );

  test('an advance past the largest offset kept stops there, on every instance', async () => {
    const prefix = 'clock-largest';
    const { a, b, notices, close } = await startGroup(prefix);
    try {
      await guarded.raw.set(`${prefix}:clock`, '99999999999990');
      const moved = await adminCall(a.url, 'POST', '/__admin/clock', { body: '{"advance": "2h"}' });
      expect([moved.status, (moved.body as unknown as ClockStatus).offsetMs]).toEqual([200, 99_999_999_999_999]);
      expect(await guarded.raw.get(`${prefix}:clock`)).toBe('99999999999999');
      await waitFor(async () => (await clock(b)).offsetMs === 99_999_999_999_999, { what: "B's clock at the largest" });
      expect(Date.parse((await clock(b)).now)).toBeGreaterThan(Date.now() + 99_999_999_000_000);
      expect(warnings(notices)).toEqual([]);
    } finally {
      await close();
    }
  });

  test('a stateful request while the clock key holds a hash is still counted in Redis for the whole group, and tells the hash', async () => {
    const prefix = 'clock-hash-touch';
    const { a, b, notices, close } = await startGroup(prefix);
    try {
      await guarded.raw.hset(`${prefix}:clock`, 'offset', '5');
      expect((await getClient(a.url, 'hour-long')).status).toBe(200);
      // Counted in Redis, not in A's own state: B finds the token's state there.
      const view = await adminCall(b.url, 'GET', '/__admin/tokens/hour-long');
      expect(view.status).toBe(200);
      expect((view.body as { state: { uses: number } | null }).state?.uses).toBe(1);
      // Scenario time counted no offset for it, and the instance that met the hash says so, once.
      const told = `${prefix}:clock: holds a hash, ${MEANT}; the offset goes on from 0 ms`;
      expect((await getClient(a.url, 'hour-long')).status).toBe(200);
      expect(notices.filter((n) => n.startsWith('a warn: '))).toEqual([`a warn: ${WARNING}: ${told}; ${COUNTED}`]);
      expect(await store(a)).toMatchObject({ rejected: 2, lastRejected: told });
    } finally {
      await close();
    }
  });

  test('an instance joining while the clock key holds a hash takes on the runtime tokens, replaces the clock and says so', async () => {
    const prefix = 'clock-join';
    const notices: string[] = [];
    const a = await start(prefix, 'a', notices);
    let late: TestSimulator | undefined;
    try {
      const put = await adminCall(a.url, 'PUT', '/__admin/tokens/kept', { body: '{"status": 418, "body": "none"}' });
      expect(put.status).toBe(201);
      await guarded.raw.hset(`${prefix}:clock`, 'offset', '5');
      late = await start(prefix, 'late', notices);
      expect((await getClient(late.url, 'kept')).status).toBe(418);
      expect((await clock(late)).offsetMs).toBe(0);
      expect(await guarded.raw.get(`${prefix}:clock`)).toBe('0');
      const told = `${prefix}:clock: holds a hash, ${MEANT}; the offset goes on from 0 ms`;
      expect(warnings(notices)).toEqual([`late warn: ${WARNING}: ${told}; ${COUNTED}`]);
    } finally {
      await Promise.all([a.close(), late?.close()]);
    }
  });

  test('an announced offset past any date is skipped and told; the clock still reads', async () => {
    const prefix = 'clock-event';
    const { a, b, notices, close } = await startGroup(prefix);
    try {
      await guarded.raw.publish(`${prefix}:events`, '{"from": "x", "kind": "clock", "offsetMs": 8640000000000000}');
      const told = `${prefix}:events: offsetMs is 8640000000000000, not a whole number of milliseconds from 0 to 99999999999999`;
      await waitFor(async () => (await store(b)).lastRejected === told, { what: 'B telling the announced offset' });
      const read = await adminCall(b.url, 'GET', '/__admin/clock');
      expect([read.status, (read.body as unknown as ClockStatus).offsetMs]).toEqual([200, 0]);
      expect(warnings(notices).sort()).toEqual([
        `a warn: ${WARNING}: ${told}; ${COUNTED}`,
        `b warn: ${WARNING}: ${told}; ${COUNTED}`,
      ]);
      expect((await clock(a)).offsetMs).toBe(0);
    } finally {
      await close();
    }
  });
});
