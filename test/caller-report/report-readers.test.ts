import { spawn } from 'node:child_process';
import path from 'node:path';
import { startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import type { Exchange } from '../../src/caller-report/exchange';

let sim: TestSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

/** Runs test/helpers/report-readers.js: `readers` concurrent reads of the report while it sends protocol requests one at a time. */
function readConcurrently(
  url: string,
  readers: number,
): Promise<{
  latencies: number[];
  results: { status: number; bytes: number; head: string; answeredWhile: number }[];
}> {
  const child = spawn(process.execPath, [
    path.join(__dirname, '..', 'helpers', 'report-readers.js'),
    url,
    String(readers),
  ]);
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.once('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`readers exited ${code}: ${err}`)),
    ),
  );
}

/**
 * 10,000 tokens, 50 exchanges each (the per-token lists full): a 15 MB report. Recorded into the
 * running simulator's store directly, since 500,000 real requests would take minutes of a shared
 * machine; the reads and the protocol requests timed beside them are real HTTP.
 */
function fill(record: (x: Exchange) => void): void {
  let at = performance.timeOrigin;
  for (let i = 0; i < 10_000; i++)
    for (let call = 0; call < 50; call++) {
      at += 1;
      record({
        token: `caller-token-${i}`,
        known: false,
        method: 'GET',
        answer: call % 2 === 0 ? '503' : 'fault:hang',
        card: false,
        arrivedAt: at,
        endedAt: at + 0.5,
        abandoned: call % 4 === 1,
        concurrent: 1,
        newConnection: call === 0,
        outage: false,
        proxied: false,
      });
    }
}

/**
 * Serving goes on while a large report is read: the report is written a chunk a turn of the event
 * loop, so protocol requests are answered between its chunks. Counted in answers, not timed: a
 * loaded CI machine stretches every latency (a p99 line of 50 ms failed there at 53-319 ms), but
 * not the order of turns. Built and written in one go, the four reads let 2 protocol requests
 * through in all; written in chunks, 200-880 came while each report was arriving.
 */
test('4 concurrent readers of a 10,000-token report: protocol requests are answered between its chunks, and the memory stays bounded', async () => {
  const t = await startTestSimulator(
    { 'qa.yaml': 'expect: { abandonedAfter: { atMost: 5s } }\ntokens:\n  alice: { status: 503 }\n' },
    { watch: false },
  );
  sim = t;
  fill((x) => t.sim.control.callers!.store.record(x));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const { latencies, results } = await readConcurrently(t.url, 4);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results[0].bytes).toBeGreaterThan(10_000_000);
    expect(results[0].head).toMatch(/^\{"since":"[^"]+","tokens":\{"caller-token-0":\{"known":false,"calls":50,/);
    expect(results[1].head.startsWith('## auth-sim caller report: FAIL\n')).toBe(true);
    expect(latencies.length).toBeGreaterThan(20);
    for (const result of results) expect(result.answeredWhile).toBeGreaterThanOrEqual(20);
    // Four readers of a whole 15 MB report held about 770 MB; chunks are the only per-reader memory now.
    expect(peak - before).toBeLessThan(150 * 1024 ** 2);
  } finally {
    clearInterval(sampler);
  }
});
