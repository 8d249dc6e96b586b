import { Journal, type JournalRecord } from '../../../src/server/endpoint/journal';

function entry(seq: number, change: Partial<JournalRecord> = {}): JournalRecord {
  return {
    seq,
    at: Date.UTC(2026, 0, 1, 0, 0, seq),
    method: 'GET',
    token: `t${seq}`,
    origin: 'path',
    status: 200,
    fault: null,
    delayMs: 0,
    bytes: 100,
    durationMs: 1,
    matched: 'token',
    source: { file: 'a.yaml', line: 2 },
    misses: null,
    refused: null,
    clientCert: null,
    traceparent: undefined,
    ...change,
  };
}

test('a record reads as a journal entry with its time, place and near misses spelled out', () => {
  const journal = new Journal(2);
  journal.add(
    entry(7, {
      token: 'alise',
      status: 404,
      matched: 'fallback',
      source: { file: '(built-in fallback)', line: 0 },
      misses: (t) => [`${t}!`],
    }),
  );
  expect(journal.list()).toEqual([
    {
      seq: 7,
      time: '2026-01-01T00:00:07.000Z',
      method: 'GET',
      token: 'alise',
      origin: 'path',
      status: 404,
      fault: null,
      delayMs: 0,
      bytes: 100,
      durationMs: 1,
      matched: 'fallback',
      entry: '(built-in fallback)',
      nearMisses: ['alise!'],
      refused: null,
      clientCert: null,
    },
  ]);
});

test('a ring never holds more than its capacity and keeps the newest, newest first', () => {
  const journal = new Journal(3);
  for (let i = 1; i <= 10; i++) journal.add(entry(i));
  expect(journal.size).toBe(3);
  expect(journal.list().map((e) => e.seq)).toEqual([10, 9, 8]);
});

test('filters combine, and since is inclusive', () => {
  const journal = new Journal(10);
  journal.add(entry(1, { token: 'a' }));
  journal.add(entry(2, { token: 'b', method: 'POST', status: 401 }));
  journal.add(entry(3, { token: 'a', status: 401 }));
  expect(journal.list({ token: 'a' }).map((e) => e.seq)).toEqual([3, 1]);
  expect(journal.list({ method: 'post' }).map((e) => e.seq)).toEqual([2]);
  expect(journal.list({ status: 401, token: 'a' }).map((e) => e.seq)).toEqual([3]);
  expect(journal.list({ since: new Date(Date.UTC(2026, 0, 1, 0, 0, 2)) }).map((e) => e.seq)).toEqual([3, 2]);
  expect(journal.list({ limit: 1 }).map((e) => e.seq)).toEqual([3]);
});

test('clear forgets everything and the ring fills again from empty', () => {
  const journal = new Journal(2);
  journal.add(entry(1));
  journal.add(entry(2));
  journal.clear();
  expect(journal.list()).toEqual([]);
  journal.add(entry(3));
  expect(journal.list().map((e) => e.seq)).toEqual([3]);
});

test.each([0, -1, 1.5])('a capacity of %p is refused', (capacity) => {
  expect(() => new Journal(capacity)).toThrow(RangeError);
});

test('a record comes back from its slot with every field as it was added, after the ring has wrapped too', () => {
  const misses = (t: string) => [`${t}?`];
  const full = (seq: number): JournalRecord => ({
    seq,
    at: 1_767_225_600_123.5 + seq,
    method: 'POST',
    token: `token-${seq}`,
    origin: 'header',
    status: seq % 2 === 0 ? null : 503,
    fault: 'reset',
    delayMs: 250 + seq,
    bytes: 4_000_000_000 + seq,
    durationMs: 12.345 + seq,
    matched: 'refused',
    source: { file: 'b.yaml', line: seq },
    misses,
    refused: 'wrong credentials',
    clientCert: 'CN=chat, O=Acme',
    instance: '10.0.0.1:8080',
    session: `s${seq}`,
    traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
  });
  const journal = new Journal(2);
  for (let seq = 1; seq <= 5; seq++) journal.add(full(seq));
  expect(journal.select()).toEqual([full(5), full(4)]);
  expect(journal.select({ status: 503 })).toEqual([full(5)]);
});
