import path from 'node:path';
import { adminCall } from '../helpers/admin-client';
import { startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { callRespectingRetryAfter } from '../helpers/retry-after-caller';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const SCENARIO = `
tokens:
  polite:
    client: ${CARD}
    rateLimit: { requests: 1, per: 1s, retryAfter: 1s }
    expect: { honoursRetryAfter: true }
  careless:
    client: ${CARD}
    rateLimit: { requests: 1, per: 1m, retryAfter: 1s }
    expect: { honoursRetryAfter: true }
  header-only:
    sequence:
      - { status: 503, errorCode: DOWN, errorText: down for a second, headers: { Retry-After: 1 } }
      - client: ${CARD}
    expect: { honoursRetryAfter: true }
  never-asked:
    client: ${CARD}
    expect: { honoursRetryAfter: true }
  not-judged:
    client: ${CARD}
    rateLimit: { requests: 0, per: 1m, retryAfter: 1s }
    expect: { honoursRetryAfter: false }
`;

const WAITS = 'every request after a Retry-After to wait as long as it asked';

describe('the caller report judges whether the caller waits as long as Retry-After asks', () => {
  let t: TestSimulator;
  beforeAll(async () => {
    t = await startTestSimulator({ 'retry.yaml': SCENARIO });
  });
  afterAll(async () => t?.close());

  test('a client that waits is honoured, one that asks again at once is early, named with its gap and the wait asked', async () => {
    const [polite, careless, headerOnly] = await Promise.all([
      (async () => {
        // Its first request opens the window; the second is over the limit and told to wait.
        await callRespectingRetryAfter(t.url, 'polite', { honours: true, attempts: 1 });
        return callRespectingRetryAfter(t.url, 'polite', { honours: true, attempts: 3 });
      })(),
      (async () => {
        await callRespectingRetryAfter(t.url, 'careless', { honours: false, attempts: 1 });
        return callRespectingRetryAfter(t.url, 'careless', { honours: false, attempts: 3 });
      })(),
      callRespectingRetryAfter(t.url, 'header-only', { honours: true, attempts: 3 }),
      callRespectingRetryAfter(t.url, 'never-asked', { honours: true, attempts: 1 }),
      callRespectingRetryAfter(t.url, 'not-judged', { honours: false, attempts: 2 }),
    ]);
    expect(polite).toEqual([
      { status: 429, retryAfter: '1' },
      { status: 200, retryAfter: null },
    ]);
    expect(careless).toEqual([
      { status: 429, retryAfter: '1' },
      { status: 429, retryAfter: '1' },
      { status: 429, retryAfter: '1' },
    ]);
    expect(headerOnly).toEqual([
      { status: 503, retryAfter: '1' },
      { status: 200, retryAfter: null },
    ]);

    const report = (await adminCall(t.url, 'GET', '/__admin/report')).body as {
      tokens: Record<
        string,
        {
          retryAfter: {
            asked: number;
            honoured: number;
            early: number;
            earlyGaps: { gapMs: number; askedMs: number }[];
          };
        }
      >;
      verdict: string;
      failures: string[];
      expectations: { token: string; expectation: string; expected: string; seen: string; outcome: string }[];
    };
    expect(report.tokens.polite.retryAfter).toEqual({ asked: 1, honoured: 1, early: 0, earlyGaps: [] });
    expect(report.tokens['header-only'].retryAfter).toEqual({ asked: 1, honoured: 1, early: 0, earlyGaps: [] });
    expect(report.tokens['never-asked'].retryAfter).toEqual({ asked: 0, honoured: 0, early: 0, earlyGaps: [] });
    const { asked, honoured, early, earlyGaps } = report.tokens.careless.retryAfter;
    expect({ asked, honoured, early }).toEqual({ asked: 3, honoured: 0, early: 2 });
    expect(earlyGaps.map((g) => g.askedMs)).toEqual([1000, 1000]);
    for (const { gapMs } of earlyGaps) expect(gapMs).toBeLessThan(990);

    const judged = (token: string) => report.expectations.find((e) => e.token === token)!;
    expect(judged('polite')).toMatchObject({ expected: WAITS, seen: '1 of 1 waited', outcome: 'pass' });
    expect(judged('header-only')).toMatchObject({ seen: '1 of 1 waited', outcome: 'pass' });
    expect(judged('never-asked')).toMatchObject({ seen: 'no answer asked for a wait', outcome: 'pass' });
    expect(judged('not-judged')).toMatchObject({ expected: 'not judged (false)', outcome: 'pass' });
    expect(report.verdict).toBe('fail');
    const [gap1, gap2] = earlyGaps.map((g) => `${Math.round(g.gapMs)} ms`);
    expect(report.failures).toEqual([
      `${path.join(t.dir.path, 'retry.yaml')}:10:15 token "careless": honoursRetryAfter expected ${WAITS}, seen 2 early: ${gap1} after a 1 s Retry-After, ${gap2} after a 1 s Retry-After`,
    ]);
  });
});
