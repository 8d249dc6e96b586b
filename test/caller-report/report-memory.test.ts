import { MemoryReportStore } from '../../src/caller-report/memory-report-store';
import type { Exchange } from '../../src/caller-report/exchange';

/** An exchange for a token nobody wrote, answered by the fallback at once. */
function unknown(token: string, at: number): Exchange {
  return {
    token,
    known: false,
    method: 'GET',
    answer: '404',
    card: false,
    arrivedAt: at,
    endedAt: at,
    abandoned: false,
    concurrent: 1,
    newConnection: false,
    outage: false,
    proxied: false,
  };
}

test('200,000 distinct unknown tokens: the first 10,000 tracked one by one, the rest counted together', async () => {
  const store = new MemoryReportStore();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 200_000; i++) store.record(unknown(`unknown-${i}`, i));
  const grown = process.memoryUsage().heapUsed - before;
  const snapshot = await store.snapshot();
  expect(snapshot.tokens.size).toBe(10_000);
  expect(snapshot.requests).toBe(200_000);
  expect(snapshot.unknownRequests).toBe(200_000);
  expect(snapshot.untrackedRequests).toBe(190_000);
  expect(snapshot.tokens.get('unknown-9999')).toMatchObject({
    calls: 1,
    statuses: new Map([['404', 1]]),
    known: false,
  });
  expect(snapshot.tokens.has('unknown-10000')).toBe(false);
  // The loopback figure, RSS over 200,000 real requests, is in `npm run bench -- --only caller-report`.
  expect(grown).toBeLessThan(30 * 1024 ** 2);
});

test('a token past 256 characters is counted, never kept', async () => {
  const store = new MemoryReportStore();
  store.record(unknown('x'.repeat(257), 0));
  const snapshot = await store.snapshot();
  expect(snapshot.tokens.size).toBe(0);
  expect(snapshot.untrackedRequests).toBe(1);
});

test('the cap is --report-tokens', async () => {
  const store = new MemoryReportStore(2);
  for (const token of ['a', 'b', 'c', 'a']) store.record(unknown(token, 0));
  const snapshot = await store.snapshot();
  expect([...snapshot.tokens.keys()]).toEqual(['a', 'b']);
  expect(snapshot.tokens.get('a')!.calls).toBe(2);
  expect(snapshot.untrackedRequests).toBe(1);
});
