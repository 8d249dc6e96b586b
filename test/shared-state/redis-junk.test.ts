import { Redis } from 'ioredis';
import { adminCall } from '../helpers/admin-client';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const SCENARIO = `tokens:
  alice: { client: ${CARD} }
`;

interface StoreHealth {
  rejected: number;
  lastRejected: string | null;
}

const describeRedis = describeWithRedis();

/** A journal entry as an instance ships it (its fields in order, as a list), with `changes` applied. */
function shippedRequest(token: string, changes: Record<string, unknown> = {}): unknown[] {
  return Object.values({
    at: Date.parse('2026-01-02T03:04:05.000Z'),
    method: 'GET',
    token,
    origin: 'path',
    status: 200,
    fault: null,
    delayMs: 0,
    bytes: 321,
    durationMs: 1.5,
    matched: 'token',
    entry: 'qa.yaml:2',
    nearMisses: [],
    refused: null,
    clientCert: null,
    session: null,
    traceId: null,
    spanId: null,
    ...changes,
  });
}

/** A caller-report exchange as an instance ships it (its fields in order, as a list), with `changes` applied. */
function shippedExchange(token: string, changes: Record<string, unknown> = {}): unknown[] {
  const at = performance.timeOrigin + performance.now();
  return Object.values({
    token,
    known: false,
    method: 'GET',
    answer: '404',
    card: false,
    arrivedAt: at,
    endedAt: at + 1,
    abandoned: false,
    concurrent: 1,
    newConnection: true,
    outage: false,
    proxied: false,
    session: null,
    retryAfterMs: null,
    ...changes,
  });
}

describeRedis('values another client writes to the group’s keys are checked, skipped and counted', () => {
  let redis: TestRedis;
  let raw: Redis;
  let a: TestSimulator;
  let b: TestSimulator;
  const notices: string[] = [];

  const health = async (t: TestSimulator) =>
    ((await adminCall(t.url, 'GET', '/__admin/health')).body as unknown as { store: StoreHealth }).store;

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
    notices.length = 0;
  });

  test('junk on the events channel: both instances keep serving, count each message and say so once', async () => {
    const before = (await health(b)).rejected;
    const junk = [
      'hello',
      'null',
      '[1, 2]',
      '{}',
      '{"from": "x", "kind": "explode"}',
      '{"kind": "put", "from": "x"}',
      '{"from": "x", "kind": "put", "token": "t", "text": 5, "file": "f"}',
      '{"from": "x", "kind": "put", "token": "bad-entry", "text": "status: [", "file": "(admin)"}',
      '{"from": "x", "kind": "remove"}',
      '{"from": "x", "kind": "clock", "offsetMs": -5}',
      '{"from": "x", "kind": "clock", "offsetMs": "soon"}',
    ];
    for (const message of junk) await raw.publish('auth-sim:events', message);
    // A good change after the junk is still taken on by the other instance.
    await adminCall(a.url, 'PUT', '/__admin/tokens/after-junk', { body: '{"status": 418, "body": "none"}' });
    await waitFor(async () => (await getClient(b.url, 'after-junk')).status === 418, { what: 'B taking on A’s PUT' });
    expect((await getClient(a.url, 'alice')).status).toBe(200);
    const [onA, onB] = [await health(a), await health(b)];
    expect(onB.rejected - before).toBe(junk.length);
    expect(onB.lastRejected).toBe(
      'auth-sim:events: offsetMs is "soon", not a whole number of milliseconds from 0 to 99999999999999',
    );
    expect(onA.lastRejected).toBe(onB.lastRejected);
    // Told once per instance (the rest wait for the 10 s window's summary), the first one named.
    expect(notices.filter((n) => n.startsWith('b warn: skipped'))).toEqual([
      'b warn: skipped a value in Redis that auth-sim cannot use (another client wrote it?): auth-sim:events: not JSON: "hello"; rejected values are counted in GET /__admin/health (store.rejected)',
    ]);
    expect((await getClient(b.url, 'bad-entry')).status).toBe(404);
  });

  test.each([
    ['not JSON', 'nope', /^auth-sim:events: not JSON: "nope"$/],
    ['null', 'null', /^auth-sim:events: not an object but null$/],
    ['an event without fields', '{"from": "x", "kind": "put"}', /^auth-sim:events: token is missing$/],
    [
      'a kind no instance sends',
      '{"from": "x", "kind": "explode"}',
      /^auth-sim:events: kind is not one of put, remove, reset, clock, set, leave$/,
    ],
    [
      'a text that is no string',
      '{"from": "x", "kind": "put", "token": "t", "text": 5, "file": "f"}',
      /^auth-sim:events: text is 5, not a string$/,
    ],
    [
      'an entry that does not compile',
      '{"from": "x", "kind": "put", "token": "t", "text": "status: [", "file": "(admin)"}',
      /^auth-sim:events token "t": the entry does not compile: \(admin\):1:\d+ .+/,
    ],
  ])('%s is described in health', async (_name, message, described) => {
    await raw.publish('auth-sim:events', message);
    await waitFor(async () => described.test((await health(b)).lastRejected ?? ''), { what: 'the message described' });
  });

  test('a bad journal or exchange item is skipped and the good ones beside it are taken on', async () => {
    const before = (await health(b)).rejected;
    const items = [
      shippedRequest('good-1'),
      null,
      shippedRequest('bad-time', { at: 'yesterday' }),
      shippedRequest('bad-misses', { nearMisses: 'alice' }),
      [...shippedRequest('one-too-many'), 'extra'],
      shippedRequest('good-2'),
    ];
    // Entries as an instance writes them: `i` its name, `s` the stream's number, `e` the items.
    await raw.xadd('auth-sim:journal', '*', 'i', 'elsewhere:1', 's', '101', 'e', JSON.stringify(items));
    await raw.xadd('auth-sim:journal', '*', 'i', 'elsewhere:1', 's', '102', 'e', '{not json');
    await raw.xadd('auth-sim:journal', '*', 's', '103', 'e', '[]');
    await raw.xadd(
      'auth-sim:journal',
      '*',
      'i',
      'elsewhere:1',
      's',
      '104',
      'e',
      JSON.stringify([shippedRequest('good-3')]),
    );
    const journal = async () =>
      ((await adminCall(b.url, 'GET', '/__admin/requests')).body as unknown as { requests: { token: string }[] })
        .requests;
    await waitFor(async () => (await journal()).some((r) => r.token === 'good-3'), { what: 'good-3 in B’s journal' });
    expect((await journal()).map((r) => r.token)).toEqual(['good-3', 'good-2', 'good-1']);
    const exchanges = [
      shippedExchange('seen-1'),
      shippedExchange('no-times', { arrivedAt: 'soon', endedAt: null }),
      shippedExchange('x', { token: 7 }),
      shippedExchange('backwards', { endedAt: 0 }),
      shippedExchange('seen-2'),
    ];
    await raw.xadd('auth-sim:exchanges', '*', 'i', 'elsewhere:1', 's', '101', 'e', JSON.stringify(exchanges));
    const report = async () => adminCall(b.url, 'GET', '/__admin/report');
    await waitFor(
      async () => {
        const res = await report();
        const tokens = (res.body as unknown as { tokens?: Record<string, unknown> }).tokens ?? {};
        return res.status === 200 && 'seen-2' in tokens;
      },
      { what: 'seen-2 in B’s caller report' },
    );
    const res = await report();
    expect(Object.keys((res.body as unknown as { tokens: Record<string, unknown> }).tokens).sort()).toEqual([
      'seen-1',
      'seen-2',
    ]);
    expect((await fetch(`${b.url}/__admin/report?format=markdown`)).status).toBe(200);
    const after = await health(b);
    expect(after.rejected - before).toBe(4 + 2 + 3);
    expect(after.lastRejected).toMatch(/^auth-sim:exchanges entry \d+-\d+ item 4: endedAt is before arrivedAt$/);
  });

  test('a joining instance takes on every good runtime token and counts the bad ones', async () => {
    await raw.hset('auth-sim:runtime', 'junk-first', 'not json');
    await raw.hset(
      'auth-sim:runtime',
      'kept-1',
      JSON.stringify({ text: '{"status": 418, "body": "none"}', file: '(admin)' }),
    );
    await raw.hset('auth-sim:runtime', 'no-text', JSON.stringify({ file: '(admin)' }));
    await raw.hset(
      'auth-sim:runtime',
      'kept-2',
      JSON.stringify({ text: '{"status": 451, "body": "none"}', file: '(admin)' }),
    );
    const joined: string[] = [];
    const c = await startTestSimulator(
      { 'qa.yaml': SCENARIO },
      { watch: false, redis: { url: redis.url, onNotice: (level, m) => joined.push(`${level}: ${m}`) } },
    );
    try {
      expect([(await getClient(c.url, 'kept-1')).status, (await getClient(c.url, 'kept-2')).status]).toEqual([
        418, 451,
      ]);
      const store = await health(c);
      expect(store.rejected).toBe(2);
      // Redis hands a hash's fields in an order of its own: either bad one may be read first.
      const both = [
        'auth-sim:runtime token "junk-first": not JSON: "not json"',
        'auth-sim:runtime token "no-text": text is missing',
      ];
      expect(both).toContain(store.lastRejected);
      expect(joined).toHaveLength(1);
      expect(
        both.map(
          (what) =>
            `warn: skipped a value in Redis that auth-sim cannot use (another client wrote it?): ${what}; rejected values are counted in GET /__admin/health (store.rejected)`,
        ),
      ).toContain(joined[0]);
    } finally {
      await c.close();
    }
  });
});
