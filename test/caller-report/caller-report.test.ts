import { startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { callWithRetries, constant, exponential } from '../helpers/retrying-caller';
import type { CallerReport } from '../../src/caller-report/build-report';
import { waitFor } from '../helpers/wait-for';
import { median } from '../../src/caller-report/classify-backoff';

// Gaps and time-outs are measured in real time, within 20% or 30 ms as issue 33 asks, of what the
// caller really spent: its measured waits and the times it gave up after (a late timer waits
// longer, and the report must see it). On a machine shared past its cores one event-loop stall
// can still move a figure further, so a miss is tried again.
jest.retryTimes(2, { logErrorsBeforeRetry: true });

const CARD =
  '{ client: { id: "1", name: Patient Pavel, surname: Patient, firstname: Pavel, type: "0", enabled: true } }';
const SCENARIOS = `tokens:
  backs-off:
    sequence: [ { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }, ${CARD} ]
  steady:
    sequence: [ { status: 503, body: none }, { fault: reset }, { status: 500 }, ${CARD} ]
  hangs: { fault: { hang: 30s } }
  alice: ${CARD}
  never-asked: ${CARD}
`;

let sim: TestSimulator;
beforeEach(async () => {
  sim = await startTestSimulator({ 'caller.yaml': SCENARIOS }, { watch: false });
  await warmUp(sim.url);
});

/**
 * A first retry in a cold process (fetch's code, the server's first compile) is late by tens of
 * milliseconds on a busy machine: the caller and the server run one exchange and a retry first,
 * and the report starts after them.
 */
async function warmUp(url: string): Promise<void> {
  await callWithRetries(url, 'alice', { attempts: 1, backoffMs: constant(0), timeoutMs: 2000 });
  await callWithRetries(url, 'warm-up', { attempts: 3, backoffMs: constant(10), timeoutMs: 2000 });
  expect((await fetch(`${url}/__admin/reset`, { method: 'POST' })).status).toBe(200);
}
afterEach(() => sim.close());

async function report(): Promise<CallerReport> {
  const res = await fetch(`${sim.url}/__admin/report`);
  expect(res.status).toBe(200);
  return (await res.json()) as CallerReport;
}

/** Within 20% or 30 ms of the expected figure, whichever is wider. */
function expectNear(seen: readonly number[], expected: readonly number[], share: number, ms: number): void {
  expect(seen).toHaveLength(expected.length);
  // The values seen are in the message when one is out.
  const within = seen.map((value, i) => Math.abs(value - expected[i]) <= Math.max(ms, share * expected[i]));
  expect({ seen, within }).toEqual({ seen, within: expected.map(() => true) });
}

test('an exponential 200/400/800/1600 ms caller is reported exponential, with its gaps', async () => {
  // Four gaps, not three: three can read as linear too (steps 200 and 400 ms sit within 25% of
  // their median once a stall of 25 ms lengthens the middle gap), four need stalls of 100 ms.
  const waited: number[] = [];
  const seen = await callWithRetries(
    sim.url,
    'backs-off',
    { attempts: 6, backoffMs: exponential(200), timeoutMs: 2000 },
    { waited },
  );
  expect(seen).toEqual([503, 503, 503, 503, 200]);
  // The caller waited at least as asked; a late timer waits longer, and the report sees that.
  expect(waited.map((ms, i) => ms >= [200, 400, 800, 1600][i] - 1)).toEqual([true, true, true, true]);
  const token = (await report()).tokens['backs-off'];
  expect({ ...token, gapsMs: [] }).toMatchObject({ known: true, calls: 5, retries: 4, callsAfterCard: 0 });
  expectNear(token.gapsMs, waited, 0.2, 30);
  expect(token.backoff).toBe('exponential');
  expect(token.statuses).toEqual({ '503': 4, '200': 1 });
  expect(token.methods).toEqual({ GET: 5 });
});

test('a constant 500 ms caller is reported constant, and faults count by name', async () => {
  // 500 ms: a gap may stray 25% from the median and still count as steady, so a timer may fire up
  // to 125 ms late. One that fired later still (once, while CI built its container images) made
  // the caller irregular in fact, and the report is right to say so: what it is held to is the
  // shape of the waits the caller really made.
  const waited: number[] = [];
  const seen = await callWithRetries(
    sim.url,
    'steady',
    { attempts: 5, backoffMs: constant(500), timeoutMs: 2000, method: 'POST' },
    { waited },
  );
  expect(seen).toEqual([503, 'TypeError', 500, 200]);
  expect(waited.map((ms) => ms >= 499)).toEqual([true, true, true]);
  const token = (await report()).tokens.steady;
  expectNear(token.gapsMs, waited, 0.2, 30);
  const centre = median(waited);
  const steady = waited.every((ms) => Math.abs(ms - centre) <= 0.25 * centre);
  expect(token).toMatchObject({ calls: 4, retries: 3, backoff: steady ? 'constant' : 'irregular' });
  expect(token.statuses).toEqual({ '503': 1, 'fault:reset': 1, '500': 1, '200': 1 });
  expect(token.methods).toEqual({ POST: 4 });
});

test("a caller's 700 ms time-out against a hang is measured as abandonedAfterMs", async () => {
  // A 250 ms back-off, well clear of the 'immediate' line: the server sees an abort when its event
  // loop gets to it, and a busy machine's stall of tens of ms would turn a 50 ms gap into either.
  const gaveUp: number[] = [];
  const seen = await callWithRetries(
    sim.url,
    'hangs',
    { attempts: 2, backoffMs: constant(250), timeoutMs: 700 },
    { gaveUp },
  );
  expect(seen).toEqual(['TimeoutError', 'TimeoutError']);
  // The caller gave up no sooner than asked; a late timer gives up later, and the report must see
  // that (three CI runs saw it give up after 787-900 ms while the suites ran side by side).
  expect(gaveUp.map((ms) => ms >= 699)).toEqual([true, true]);
  // The server sees the second abort a moment after the caller made it.
  const body = await waitFor(async () => {
    const read = await report();
    return read.tokens.hangs?.calls === 2 && read;
  });
  const token = body.tokens.hangs;
  expect(token).toMatchObject({ calls: 2, retries: 1, backoff: 'single', statuses: { 'fault:hang': 2 } });
  expectNear(token.abandonedAfterMs, gaveUp, 0.1, 50);
  expectNear(token.gapsMs, [250], 0.2, 30);
  const overall = body.caller.abandonedAfterMs!;
  const expected = [Math.min(...gaveUp), median(gaveUp), Math.max(...gaveUp)];
  expectNear([overall.min, overall.median, overall.max], expected, 0.1, 50);
});

test('a caller that asks again for a card it got is caught by callsAfterCard', async () => {
  for (let i = 0; i < 3; i++)
    await callWithRetries(sim.url, 'alice', { attempts: 1, backoffMs: constant(0), timeoutMs: 2000 });
  expect((await report()).tokens.alice).toMatchObject({ calls: 3, retries: 0, backoff: 'none', callsAfterCard: 2 });
});

test('unknown tokens are counted with their near misses; unused tokens are listed', async () => {
  await callWithRetries(sim.url, 'alcie', { attempts: 2, backoffMs: constant(10), timeoutMs: 2000 });
  await callWithRetries(sim.url, 'bob', { attempts: 1, backoffMs: constant(0), timeoutMs: 2000 });
  await callWithRetries(sim.url, 'alice', { attempts: 1, backoffMs: constant(0), timeoutMs: 2000 });
  const body = await report();
  expect(body.unknownTokens).toEqual({
    count: 3,
    tokens: 2,
    top: [
      { token: 'alcie', count: 2, nearMisses: ['alice'] },
      { token: 'bob', count: 1, nearMisses: [] },
    ],
  });
  expect(body.unusedTokens).toEqual(['backs-off', 'hangs', 'never-asked', 'steady']);
  expect(body.caller).toMatchObject({ requests: 4, maxConcurrent: 1, abandonedAfterMs: null });
  expect(body.caller.connections).toBeGreaterThanOrEqual(1);
});

test('POST /__admin/reset clears the report', async () => {
  await callWithRetries(sim.url, 'alice', { attempts: 1, backoffMs: constant(0), timeoutMs: 2000 });
  expect((await report()).caller.requests).toBe(1);
  expect((await fetch(`${sim.url}/__admin/reset`, { method: 'POST' })).status).toBe(200);
  const body = await report();
  expect(body.caller.requests).toBe(0);
  expect(body.tokens).toEqual({});
  expect(body.unusedTokens).toEqual(['alice', 'backs-off', 'hangs', 'never-asked', 'steady']);
});

test('with the journal off the report is the same', async () => {
  const quiet = await startTestSimulator({ 'caller.yaml': SCENARIOS }, { watch: false, journalSize: 0 });
  try {
    const drive = async (url: string) => {
      await callWithRetries(url, 'steady', { attempts: 5, backoffMs: constant(20), timeoutMs: 2000 });
      await callWithRetries(url, 'alice', { attempts: 1, backoffMs: constant(0), timeoutMs: 2000 });
      await callWithRetries(url, 'alice', { attempts: 1, backoffMs: constant(0), timeoutMs: 2000 });
      await callWithRetries(url, 'alcie', { attempts: 1, backoffMs: constant(0), timeoutMs: 2000 });
    };
    await drive(sim.url);
    await drive(quiet.url);
    // What two runs measure apart: the gaps and the timeline's times, and the back-off read from
    // those gaps (20 ms gaps jitter into "irregular" on a busy machine); their counts stay.
    const withoutTimes = (r: CallerReport) =>
      JSON.stringify({ ...r, since: 0 }, (key, value) =>
        key === 'gapsMs' || key === 'timeline' ? value.length : key === 'backoff' ? typeof value : value,
      );
    const journalled = await report();
    const res = await fetch(`${quiet.url}/__admin/report`);
    expect(withoutTimes((await res.json()) as CallerReport)).toBe(withoutTimes(journalled));
    expect(journalled.tokens.steady.calls).toBe(4);
    expect((await fetch(`${quiet.url}/__admin/requests`)).status).toBe(404);
  } finally {
    await quiet.close();
  }
});
