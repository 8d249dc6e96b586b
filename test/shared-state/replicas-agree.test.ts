import { setTimeout as wait } from 'node:timers/promises';
import { runSimulator, type Simulator } from '../../src/server/run-simulator';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';
import { getClient } from '../helpers/test-simulator';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const CARD =
  '{ client: { id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true } }';
const RETRIED = `sequence: [ { status: 503, body: none }, { status: 503, body: none }, ${CARD} ]`;
const SCENARIO = `expect: { unknownTokens: 0 }
tokens:
  no-wait:
    ${RETRIED}
    expect: { retries: 2, callsAfterCard: 0 }
  waits-100:
    ${RETRIED}
    expect: { retries: 2, gap: { atLeast: 95ms } }
  waits-200:
    ${RETRIED}
    expect: { gap: { atLeast: 195ms } }
  cached: ${CARD}
  never: { status: 404 }
`;

interface TokenLine {
  known: boolean;
  calls: number;
  statuses: Record<string, number>;
  retries: number;
  gapsMs: number[];
  backoff: string;
  abandonedAfterMs: number[];
  callsAfterCard: number;
}
interface Report {
  verdict: string;
  tokens: Record<string, TokenLine>;
  unknownTokens: { count: number; top: { token: string; count: number }[] };
  unusedTokens: string[];
  caller: { requests: number };
  expectations: { token: string | null; expectation: string; outcome: string; where: string }[];
}
interface Journal {
  requests: { seq: number; token: string; status: number; instance: string }[];
}

/** The requests `drive` sends, in order: each goes to the next instance of the ones given. */
const SENT = [
  ...['no-wait', 'no-wait', 'no-wait'],
  ...['waits-100', 'waits-100', 'waits-100'],
  ...['waits-200', 'waits-200', 'waits-200'],
  ...['cached', 'cached', 'stranger'],
];

/**
 * A caller going round `urls`, each request on the next one: a retry loop with no wait at all (the
 * next request is sent as soon as the answer is read), then 100 and 200 ms waits, a card asked for
 * twice and an unknown token.
 */
async function drive(urls: readonly string[]): Promise<void> {
  // A connection to each first, as a running caller has: a no-wait retry's gap is then the caller's turn-around alone.
  for (const url of urls) expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
  let turn = 0;
  const ask = async (token: string) => (await getClient(urls[turn++ % urls.length], token)).status;
  const retrying = async (token: string, waitMs: number) => {
    const seen = [await ask(token)];
    while (seen.at(-1) !== 200) {
      if (waitMs > 0) await wait(waitMs); // the caller's own back-off: the traffic under test
      seen.push(await ask(token));
    }
    return seen;
  };
  expect(await retrying('no-wait', 0)).toEqual([503, 503, 200]);
  expect(await retrying('waits-100', 100)).toEqual([503, 503, 200]);
  expect(await retrying('waits-200', 200)).toEqual([503, 503, 200]);
  expect([await ask('cached'), await ask('cached'), await ask('stranger')]).toEqual([200, 200, 404]);
}

async function read<T>(sim: Simulator, path: string): Promise<T> {
  const res = await fetch(`${sim.adminUrl}${path}`, { signal: AbortSignal.timeout(5000) });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/**
 * What the report judges, gaps and their shape apart: two runs' timers differ, and on a loaded
 * machine a no-wait retry measures 3 ms in one run and 12 ms (past `immediate`) or more in another.
 */
function judged(report: Report) {
  const tokens = Object.fromEntries(
    Object.entries(report.tokens).map(([token, t]) => [
      token,
      [t.known, t.calls, t.statuses, t.retries, t.abandonedAfterMs, t.callsAfterCard],
    ]),
  );
  const outcomes = report.expectations.map((e) => [e.token, e.expectation, e.outcome, e.where]);
  return { tokens, unknown: report.unknownTokens, unused: report.unusedTokens, verdict: report.verdict, outcomes };
}

/**
 * Each gap less the wait it came from, floored to a millisecond: never below 0 (a gap runs from
 * the end of one answer to the next arrival, and the caller's timer never fires early). Their upper
 * bound is this machine's load, not the report's: a loaded 2-core machine stalls a caller for
 * tens of ms, and once for 200, so two runs are compared by these and replicas of one run exactly.
 */
function overWaits(report: Report): boolean {
  const waits: Record<string, number> = { 'no-wait': 0, 'waits-100': 100, 'waits-200': 200 };
  return Object.entries(report.tokens).every(([token, t]) => t.gapsMs.every((gap) => gap >= (waits[token] ?? 0) - 1));
}

const describeRedis = describeWithRedis();

// Real timers on a shared 2-core machine: a stalled timer can still blur a 100 ms gap's class.
jest.retryTimes(2, { logErrorsBeforeRetry: true });

describeRedis('three replicas on one Redis agree on the report and the journal, whichever is asked', () => {
  let redis: TestRedis;
  let dir: TempDir;
  let group: Simulator[];
  let alone: Simulator;

  beforeAll(async () => {
    redis = await startRedis();
    // One folder for all: a verdict names the file and line, and replicas are given the same files.
    dir = makeTempDir();
    dir.write('qa.yaml', SCENARIO);
    const start = (redisUrl?: string) =>
      runSimulator({
        sources: { paths: [dir.path] },
        port: 0,
        watch: false,
        seed: 7,
        ...(redisUrl ? { redis: { url: redisUrl } } : {}),
      });
    group = await Promise.all([0, 1, 2].map(() => start(redis.url)));
    alone = await start();
    // Once through each, cleared by the reset before each test: a caller's first requests meet cold code, not the fold.
    await drive(group.map((sim) => sim.url));
    await drive([alone.url]);
  });
  afterAll(async () => {
    await Promise.all([...(group ?? []), alone].map((sim) => sim?.close(1000)));
    await redis?.stop();
    dir?.remove();
  });
  beforeEach(async () => {
    await fetch(`${group[0].adminUrl}/reset`, { method: 'POST' });
    await fetch(`${alone.adminUrl}/reset`, { method: 'POST' });
  });

  test('a no-wait retrier, and 100 and 200 ms waits, going round the three', async () => {
    await drive(group.map((sim) => sim.url));
    const stopped = performance.now();
    const reports = await waitFor(
      async () => {
        const all = await Promise.all(group.map((sim) => read<Report>(sim, '/report')));
        return all.every((r) => r.caller.requests === SENT.length) && all;
      },
      { what: 'every replica to report all 12 requests' },
    );
    expect(performance.now() - stopped).toBeLessThan(1000);
    // The same JSON on every replica: the same fold of the same stream, gaps to the tenth of a millisecond.
    expect(reports[1]).toEqual(reports[0]);
    expect(reports[2]).toEqual(reports[0]);
    const noWait = reports[0].tokens['no-wait'];
    // Each retry landed on another instance a moment after the previous answer ended: counted, with its gap.
    expect([noWait.calls, noWait.retries, noWait.gapsMs.length, noWait.callsAfterCard]).toEqual([3, 2, 2, 0]);
    expect(Object.values(reports[0].tokens).map((t) => t.gapsMs.length)).toEqual([2, 2, 2, 0, 0]);
    expect(overWaits(reports[0])).toBe(true);
    const where = `${dir.path}/qa.yaml`;
    expect(reports[0].verdict).toBe('fail');
    expect(judged(reports[0]).outcomes).toEqual([
      ['no-wait', 'retries', 'pass', `${where}:5:15`],
      ['no-wait', 'callsAfterCard', 'pass', `${where}:5:27`],
      ['waits-100', 'retries', 'pass', `${where}:8:15`],
      ['waits-100', 'gap', 'pass', `${where}:8:27`],
      ['waits-200', 'gap', 'pass', `${where}:11:15`],
      [null, 'unknownTokens', 'fail', `${where}:1:11`],
      [null, 'unusedTokens', 'warn', 'default'],
    ]);

    // The same journal on every replica: one numbering, newest first, in the order the caller sent.
    const journals = await Promise.all(group.map((sim) => read<Journal>(sim, '/requests')));
    expect(journals[1].requests).toEqual(journals[0].requests);
    expect(journals[2].requests).toEqual(journals[0].requests);
    const listed = journals[0].requests;
    expect(listed.map((r) => r.token)).toEqual([...SENT].reverse());
    const first = listed.at(-1)!.seq;
    expect(listed.map((r) => r.seq)).toEqual(SENT.map((_, i) => first + i).reverse());
    const ports = group.map((sim) => `:${sim.port}`);
    expect(listed.map((r) => r.instance.slice(r.instance.lastIndexOf(':'))).reverse()).toEqual(
      SENT.map((_, i) => ports[i % 3]),
    );

    // The same traffic through one instance: the same judgement.
    await drive([alone.url]);
    const single = await read<Report>(alone, '/report');
    expect(judged(single)).toEqual(judged(reports[0]));
    expect(overWaits(single)).toBe(true);
  });
});
