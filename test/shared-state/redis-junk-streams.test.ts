import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { adminCall } from '../helpers/admin-client';
import { describeWithRedis, useRedisAndClient } from '../helpers/redis-server';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const SCENARIO = `tokens:
  alice: { client: ${CARD} }
`;
/** Redis asks for it: no notice may show it. */
const PASSWORD = 'pa55-w0rd-never-shown';
const WARNING = 'skipped a value in Redis that auth-sim cannot use (another client wrote it?)';
const COUNTED = 'rejected values are counted in GET /__admin/health (store.rejected)';

interface Journal {
  requests: { seq: number; instance: string; token: string }[];
}
interface Report {
  tokens: Record<string, { calls: number }>;
  caller: { requests: number };
}
interface StoreHealth {
  rejected: number;
  lastRejected: string | null;
}

/** What another client writes where the group keeps a key of its own, and what the instance that writes next says of it. */
interface JunkCase {
  readonly name: string;
  /** Writes the junk, given the group's prefix; answers the problems told, in the order the script meets them. */
  readonly write: (raw: Redis, prefix: string) => Promise<readonly string[]>;
}

const counter = (what: string, write: (raw: Redis, key: string) => Promise<unknown>): JunkCase => ({
  name: `${what} in each stream's counter`,
  write: async (raw, prefix) => {
    for (const stream of ['journal', 'exchanges']) await write(raw, `${prefix}:${stream}:seq`);
    return ['journal', 'exchanges'].map(
      (stream) => `${prefix}:${stream}:seq: holds ${what}, not a count of the stream's items; numbering goes on from 2`,
    );
  },
});

const CASES: readonly JunkCase[] = [
  counter('the string "abc"', (raw, key) => raw.set(key, 'abc')),
  counter('the string "99999999999999999999"', (raw, key) => raw.set(key, '99999999999999999999')),
  counter('the string "-5"', (raw, key) => raw.set(key, '-5')),
  counter('the string "007"', (raw, key) => raw.set(key, '007')),
  counter('the string "\\u001b[31m01234567890123456789012345678901234..." (50 bytes)', (raw, key) =>
    raw.set(key, `\u001b[31m${'0123456789'.repeat(5)}`.slice(0, 50)),
  ),
  counter('a hash', (raw, key) => raw.del(key).then(() => raw.hset(key, 'n', '5'))),
  counter('a list', (raw, key) => raw.del(key).then(() => raw.rpush(key, '5'))),
  {
    name: 'a hash in the journal’s list of entries',
    write: async (raw, prefix) => {
      await raw.del(`${prefix}:journal:entries`);
      await raw.hset(`${prefix}:journal:entries`, 'x', '1');
      return [
        `${prefix}:journal:entries: holds a hash, not auth-sim's list of the stream's entries; the list starts afresh`,
      ];
    },
  },
  {
    name: 'a string in the journal stream’s key',
    write: async (raw, prefix) => {
      await raw.set(`${prefix}:journal`, 'not a stream');
      return [`${prefix}:journal: holds the string "not a stream", not a stream; the stream starts afresh`];
    },
  },
  {
    name: 'a list in the hash of last writes',
    write: async (raw, prefix) => {
      await raw.del(`${prefix}:journal:writes`);
      await raw.rpush(`${prefix}:journal:writes`, 'x');
      return [
        `${prefix}:journal:writes: holds a list, not auth-sim's hash of each writer's last write; the hash starts afresh`,
      ];
    },
  },
  {
    name: 'junk in a writer’s last write',
    write: async (raw, prefix) => {
      const [writer] = await raw.hkeys(`${prefix}:journal:writes`);
      await raw.hset(`${prefix}:journal:writes`, writer, '99 ["1-1", {"x": 1}]');
      return [
        `${prefix}:journal:writes field "${writer}": holds the string "99 [\\"1-1\\", {\\"x\\": 1}]", not a writer's last write; the write is made, not taken as done`,
      ];
    },
  },
];

const describeRedis = describeWithRedis();

/** A group of its own: fresh keys, and fresh instances whose first warning is told at once. */
async function startGroup(url: string, prefix: string) {
  const notices: string[] = [];
  const [a, b] = await Promise.all(
    ['a', 'b'].map((name) =>
      startTestSimulator(
        { 'qa.yaml': SCENARIO },
        { watch: false, redis: { url, prefix, onNotice: (level, m) => notices.push(`${name} ${level}: ${m}`) } },
      ),
    ),
  );
  return { a, b, notices, close: async () => void (await Promise.all([a.close(), b.close()])) };
}

describeRedis('junk another client writes to a group stream’s keys never stops the group', () => {
  const guarded = useRedisAndClient(PASSWORD);

  const journal = async (t: TestSimulator) =>
    ((await adminCall(t.url, 'GET', '/__admin/requests')).body as unknown as Journal).requests;
  const seqs = async (t: TestSimulator) => (await journal(t)).map((r) => r.seq);
  const report = async (t: TestSimulator) =>
    (await adminCall(t.url, 'GET', '/__admin/report')).body as unknown as Report;

  test.each(CASES.map((c, i) => [c.name, i, c] as const))(
    '%s: A’s requests still reach B’s journal and report, numbered on, told once',
    async (_name, index, junk) => {
      const prefix = `junk-${index}`;
      const { a, b, notices, close } = await startGroup(guarded.url, prefix);
      try {
        for (let i = 0; i < 2; i++) expect((await getClient(a.url, 'alice')).status).toBe(200);
        await waitFor(async () => (await seqs(b)).length === 2, { what: 'A’s first two requests in B’s journal' });
        const told = await junk.write(guarded.raw, prefix);

        expect((await getClient(a.url, 'alice')).status).toBe(200);
        await waitFor(async () => (await seqs(b)).length === 3, { what: 'A’s request after the junk in B’s journal' });
        expect(await seqs(b)).toEqual([3, 2, 1]);
        expect(await seqs(a)).toEqual([3, 2, 1]);
        const instances = new Set((await journal(b)).map((r) => r.instance));
        expect(instances).toEqual(new Set([`${hostname()}:${new URL(a.url).port}`]));
        const onB = await report(b);
        expect([onB.tokens.alice.calls, onB.caller.requests]).toEqual([3, 3]);
        expect(await guarded.raw.get(`${prefix}:journal:seq`)).toBe('3');

        // Told once, by the instance that wrote next; the rest wait for the 10 s window's count.
        expect(notices.filter((n) => n.includes(' warn: '))).toEqual([`a warn: ${WARNING}: ${told[0]}; ${COUNTED}`]);
        const store = ((await adminCall(a.url, 'GET', '/__admin/health')).body as unknown as { store: StoreHealth })
          .store;
        expect(store).toMatchObject({ rejected: told.length, lastRejected: told[told.length - 1] });
        expect(notices.join('\n')).not.toContain(PASSWORD);
      } finally {
        await close();
      }
    },
  );

  test('instances joining while each counter holds junk and the streams are empty say so, and number from 1', async () => {
    const prefix = 'junk-join';
    for (const stream of ['journal', 'exchanges']) await guarded.raw.set(`${prefix}:${stream}:seq`, 'abc');
    const { a, b, notices, close } = await startGroup(guarded.url, prefix);
    try {
      expect((await getClient(a.url, 'alice')).status).toBe(200);
      await waitFor(async () => (await seqs(b)).length === 1, { what: 'A’s request in B’s journal' });
      expect(await seqs(b)).toEqual([1]);
      const told = `${WARNING}: ${prefix}:journal:seq: holds the string "abc", not a count of the stream's items; numbering goes on from 0; ${COUNTED}`;
      expect(notices.filter((n) => n.includes(' warn: ')).sort()).toEqual([`a warn: ${told}`, `b warn: ${told}`]);
    } finally {
      await close();
    }
  });

  test('a reset while each counter holds a hash resets every instance, and numbering goes on after it', async () => {
    const prefix = 'junk-reset';
    const { a, b, notices, close } = await startGroup(guarded.url, prefix);
    try {
      for (let i = 0; i < 2; i++) expect((await getClient(a.url, 'alice')).status).toBe(200);
      await waitFor(async () => (await seqs(b)).length === 2, { what: 'A’s first two requests in B’s journal' });
      for (const stream of ['journal', 'exchanges']) {
        await guarded.raw.del(`${prefix}:${stream}:seq`);
        await guarded.raw.hset(`${prefix}:${stream}:seq`, 'n', '5');
      }
      expect((await adminCall(a.url, 'POST', '/__admin/reset')).status).toBe(200);
      expect((await getClient(a.url, 'alice')).status).toBe(200);
      await waitFor(async () => (await seqs(b)).includes(3), { what: 'A’s request after the reset in B’s journal' });
      expect(await seqs(b)).toEqual([3]);
      const onB = await report(b);
      expect([onB.tokens.alice.calls, onB.caller.requests]).toEqual([1, 1]);
      expect(notices.filter((n) => n.includes(' warn: '))).toEqual([
        `a warn: ${WARNING}: ${prefix}:journal:seq: holds a hash, not a count of the stream's items; numbering goes on from 2; ${COUNTED}`,
      ]);
    } finally {
      await close();
    }
  });
});

/** The largest stream id: XADD '*' has none after it. */
const LAST_ID = '18446744073709551615-18446744073709551615';

type Write = (raw: Redis, key: string) => Promise<unknown>;

/**
 * How another client leaves the journal stream's last id at the largest, whether the readers meet
 * an entry of its, and what it does once they have (the deletion waits for both readers: a reader
 * between two reads when the entry goes would never meet it).
 */
const EXHAUSTING: readonly (readonly [string, Write, boolean, Write | undefined])[] = [
  ['an entry XADDed with it', (raw, key) => raw.xadd(key, LAST_ID, 'x', 'y'), true, undefined],
  ['XSETID', (raw, key) => raw.call('XSETID', key, LAST_ID), false, undefined],
  [
    'an entry XADDed with it, then deleted',
    (raw, key) => raw.xadd(key, LAST_ID, 'x', 'y'),
    true,
    (raw, key) => raw.xdel(key, LAST_ID),
  ],
];

describeRedis('a group stream whose last id is the largest there is never stops the group', () => {
  const guarded = useRedisAndClient();

  const journal = async (t: TestSimulator) =>
    ((await adminCall(t.url, 'GET', '/__admin/requests')).body as unknown as Journal).requests;
  const seqs = async (t: TestSimulator) => (await journal(t)).map((r) => r.seq);
  const store = async (t: TestSimulator) =>
    ((await adminCall(t.url, 'GET', '/__admin/health')).body as unknown as { store: StoreHealth }).store;

  test.each(EXHAUSTING.map(([how, write, read, then], i) => [how, i, write, read, then] as const))(
    'set by %s: the stream starts afresh, and A’s requests reach B’s journal and report again, numbered on',
    async (_how, index, write, read, then) => {
      const prefix = `exhausted-${index}`;
      const { a, b, notices } = await startGroup(guarded.url, prefix);
      try {
        for (let i = 0; i < 2; i++) expect((await getClient(a.url, 'alice')).status).toBe(200);
        await waitFor(async () => (await seqs(b)).length === 2, { what: 'A’s first two requests in B’s journal' });
        await write(guarded.raw, `${prefix}:journal`);
        const entry = `${prefix}:journal entry ${LAST_ID}: field i (the instance) is missing`;
        const readers = ['a', 'b'].map((name) => `${name} warn: ${WARNING}: ${entry}; ${COUNTED}`);
        if (read) await waitFor(() => notices.length === 2, { what: 'both readers telling the entry' });
        await then?.(guarded.raw, `${prefix}:journal`);

        for (let i = 0; i < 2; i++) expect((await getClient(a.url, 'alice')).status).toBe(200);
        await waitFor(async () => (await seqs(b)).length === 4, { what: 'A’s requests after the junk in B’s journal' });
        expect(await seqs(b)).toEqual([4, 3, 2, 1]);
        expect(await seqs(a)).toEqual([4, 3, 2, 1]);
        const onB = (await adminCall(b.url, 'GET', '/__admin/report')).body as unknown as Report;
        expect([onB.tokens.alice.calls, onB.caller.requests]).toEqual([4, 4]);
        // Afresh: only the entries written since (one or two, as the writer batched them), every id one Redis's clock made.
        const ids = (await guarded.raw.xrange(`${prefix}:journal`, '-', '+')).map(([id]) => id);
        expect([ids.length >= 1 && ids.length <= 2, ids.every((id) => Number(id.split('-')[0]) < 1e14)]).toEqual([
          true,
          true,
        ]);

        const told = `${prefix}:journal: holds a stream whose last id is ${LAST_ID}, the largest there is, not a stream an entry can be added to; the stream starts afresh`;
        expect(notices.filter((n) => n.includes(' warn: ')).sort()).toEqual(
          read ? readers : [`a warn: ${WARNING}: ${told}; ${COUNTED}`],
        );
        expect(await store(a)).toMatchObject({ rejected: read ? 2 : 1, lastRejected: told });
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    },
  );

  test('a reset while the journal stream’s last id is the largest there is resets every instance, and numbering goes on', async () => {
    const prefix = 'exhausted-reset';
    const { a, b, notices } = await startGroup(guarded.url, prefix);
    try {
      for (let i = 0; i < 2; i++) expect((await getClient(a.url, 'alice')).status).toBe(200);
      await waitFor(async () => (await seqs(b)).length === 2, { what: 'A’s first two requests in B’s journal' });
      await guarded.raw.call('XSETID', `${prefix}:journal`, LAST_ID);

      expect((await adminCall(a.url, 'POST', '/__admin/reset')).status).toBe(200);
      await waitFor(async () => (await seqs(b)).length === 0, { what: 'B’s journal reset' });
      expect((await getClient(a.url, 'alice')).status).toBe(200);
      await waitFor(async () => (await seqs(b)).length === 1, { what: 'A’s request after the reset in B’s journal' });
      expect(await seqs(b)).toEqual([3]);
      const told = `${prefix}:journal: holds a stream whose last id is ${LAST_ID}, the largest there is, not a stream an entry can be added to; the stream starts afresh`;
      expect(notices.filter((n) => n.includes(' warn: '))).toEqual([`a warn: ${WARNING}: ${told}; ${COUNTED}`]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
