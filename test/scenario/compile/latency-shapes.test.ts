import { sampleDelay, toDelayShape, type DelayShape } from '../../../src/scenario/base/delay-shape';
import { loadSet } from '../../helpers/load-set';
import { TokenStates } from '../../../src/scenario/state/token-state';
import { useDraws } from '../../../src/scenario/base/seeded-draw';
import type { Answer } from '../../../src/scenario/compile/scenario-set';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const CARD = '{ id: "1", name: N, surname: S, firstname: F, type: "0", enabled: true }';

/** `n` delays of one shape for one token, as the simulator draws them under `seed`. */
function samples(shape: DelayShape, n: number, seed = 7, token = 'tok'): number[] {
  const states = new TokenStates(seed);
  return Array.from({ length: n }, () => sampleDelay(shape, useDraws(seed, token, states.touch(token, 'f').uses)));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('shapes as drawn (10,000 samples, seeded)', () => {
  test('fixed: every request waits exactly that long', () => {
    expect(new Set(samples(toDelayShape('250ms')!, 1000))).toEqual(new Set([250]));
  });

  test('uniform: every delay within [min, max], spread evenly', () => {
    const xs = samples(toDelayShape({ uniform: ['100ms', '2s'] })!, 10_000);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...xs)).toBeLessThanOrEqual(2000);
    expect(mean(xs)).toBeGreaterThan(1050 * 0.95);
    expect(mean(xs)).toBeLessThan(1050 * 1.05);
    expect(xs.filter((x) => x < 575).length / xs.length).toBeCloseTo(0.25, 1);
  });

  test('lognormal: the median as given, and log-spread sigma', () => {
    const xs = samples(toDelayShape({ lognormal: { median: '200ms', sigma: 0.5 } })!, 10_000);
    expect(median(xs)).toBeGreaterThan(190);
    expect(median(xs)).toBeLessThan(210);
    const logs = xs.map((x) => Math.log(x / 200));
    const sd = Math.sqrt(mean(logs.map((l) => l * l)));
    expect(sd).toBeGreaterThan(0.45);
    expect(sd).toBeLessThan(0.55);
    expect(Math.max(...xs)).toBeGreaterThan(400);
  });

  test('the same seed and token draw the same delays; another seed draws others', () => {
    const shape = toDelayShape({ uniform: [0, '1s'] })!;
    expect(samples(shape, 50, 1)).toEqual(samples(shape, 50, 1));
    expect(samples(shape, 50, 2)).not.toEqual(samples(shape, 50, 1));
    expect(samples(shape, 50, 1, 'other')).not.toEqual(samples(shape, 50, 1));
  });

  test('a compiled entry draws its delay per request from the token state', () => {
    const text = `tokens:\n  t:\n    delay: { uniform: [10ms, 90ms] }\n    client: ${CARD}\n`;
    const result = loadSet([{ file: 'a.yaml', text }]);
    if (!result.ok) throw new Error('did not load');
    const entry = result.set.entries.get('t')!;
    const run = () => {
      const states = new TokenStates(99);
      return Array.from({ length: 20 }, () => (entry.answer({ token: 't', states }) as Answer).delayMs);
    };
    expect(run()).toEqual(run());
    expect(new Set(run()).size).toBeGreaterThan(10);
  });
});

describe('shapes through a real server (200 samples each, loose bounds)', () => {
  let t: TestSimulator;
  beforeAll(async () => {
    const files = {
      'shapes.yaml': `
tokens:
  fixed: { delay: 30ms, client: ${CARD} }
  uniform: { delay: { uniform: [5ms, 45ms] }, client: ${CARD} }
  lognormal: { delay: { lognormal: { median: 20ms, sigma: 0.5 } }, client: ${CARD} }
  slow: { delay: 600ms, client: ${CARD} }
  quick: { client: ${CARD} }
`,
      'file-default.yaml': `
defaults: { delay: { uniform: [200ms, 250ms] } }
tokens:
  by-file: { client: ${CARD} }
  own: { delay: 0, client: ${CARD} }
`,
    };
    t = await startTestSimulator(files, { delay: '350ms', seed: 5 });
  });
  afterAll(() => t.close());

  async function timed(token: string, n: number): Promise<number[]> {
    await fetch(`${t.url}/__admin/requests`, { method: 'DELETE' });
    const out: number[] = [];
    for (let batch = 0; batch < n / 20; batch++) {
      const times = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const started = performance.now();
          const res = await getClient(t.url, token);
          expect(res.status).toBe(200);
          return performance.now() - started;
        }),
      );
      out.push(...times);
    }
    return out;
  }

  /**
   * The delays the server drew for the requests since timed() began, from its journal: upper
   * bounds are asserted on these, since a busy machine only ever adds to a measured time. Each
   * request's time is at least its drawn delay, so the sorted times stay at or above the sorted draws.
   */
  async function drawn(measured: number[]): Promise<number[]> {
    const journal = (await (await fetch(`${t.url}/__admin/requests`)).json()) as { requests: { delayMs: number }[] };
    const delays = journal.requests.map((r) => r.delayMs);
    const sortedTimes = [...measured].sort((a, b) => a - b);
    expect([...delays].sort((a, b) => a - b).filter((d, i) => sortedTimes[i] < d - 1)).toEqual([]);
    return delays;
  }

  test('fixed: never earlier than the delay', async () => {
    const xs = await timed('fixed', 200);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(29);
  });

  test('uniform: never earlier than the minimum, and spread across the range', async () => {
    const xs = await timed('uniform', 200);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...xs)).toBeGreaterThan(35);
    const delays = await drawn(xs);
    expect(delays).toHaveLength(200);
    expect(delays.filter((x) => x < 30).length).toBeGreaterThan(20);
  });

  test('lognormal: a median near the given one, with a long tail', async () => {
    const xs = await timed('lognormal', 200);
    expect(median(xs)).toBeGreaterThanOrEqual(15);
    expect(median(await drawn(xs))).toBeLessThan(60);
    expect(Math.max(...xs)).toBeGreaterThan(35);
  });

  test('the file default applies to entries without a delay, and an entry delay wins over it', async () => {
    const started = performance.now();
    const [byFile, own] = await Promise.all(
      ['by-file', 'own'].map(async (token) => (await getClient(t.url, token), performance.now() - started)),
    );
    expect(byFile).toBeGreaterThanOrEqual(195);
    expect(own).toBeLessThan(byFile);
  });

  test('the global --delay applies where neither file nor entry names one', async () => {
    const started = performance.now();
    await getClient(t.url, 'quick');
    expect(performance.now() - started).toBeGreaterThanOrEqual(345);
  });

  test('a delay never holds up other requests', async () => {
    const started = performance.now();
    const slow = getClient(t.url, 'slow').then(() => performance.now() - started);
    const fast = await Promise.all(
      Array.from({ length: 20 }, () => getClient(t.url, 'fixed').then(() => performance.now() - started)),
    );
    const slowAt = await slow;
    expect(slowAt).toBeGreaterThanOrEqual(595);
    expect(Math.max(...fast)).toBeLessThan(slowAt);
  });
});
