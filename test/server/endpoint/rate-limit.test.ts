import { adminCall } from '../../helpers/admin-client';
import { startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { loadSet } from '../../helpers/load-set';
import { describeWithRedis, startTestGroup, type TestGroup } from '../../helpers/redis-server';
import { formatProblem } from '../../../src/scenario/base/problem';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const LIMITED =
  '{"errorCode":"TOO_MANY_REQUESTS","errorText":"too many requests for this token; wait as long as Retry-After says before asking again"}';
const SCENARIO = `
defaults:
  rateLimit: { requests: 1, per: 1h }
fallback:
  errorCode: CLIENT_NOT_FOUND
  errorText: client not found
  status: 404
  rateLimit: { requests: 2, per: 1m, retryAfter: 1500ms }
tokens:
  two-a-minute:
    client: ${CARD}
    rateLimit: { requests: 2, per: 1m }
  polite-please:
    client: ${CARD}
    rateLimit:
      requests: 1
      per: 10s
      retryAfter: 3s
      answer: { status: 503, errorCode: BUSY, errorText: come back later, headers: { x-why: busy } }
  steps:
    sequence:
      - { status: 500, errorCode: FIRST, errorText: one }
      - { status: 200, client: ${CARD} }
    rateLimit: { requests: 1, per: 1m }
  by-default: { client: ${CARD} }
`;

interface Seen {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly text: string;
}

async function ask(url: string, token: string): Promise<Seen> {
  const res = await fetch(`${url}/rest/chat/client/id/${encodeURIComponent(token)}`, {
    signal: AbortSignal.timeout(5000),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
}

/**
 * Checks a 429 whose Retry-After is what is left of a window that had `seconds` left when the
 * test began (`started`): exactly `seconds` on a quiet machine, at most a second less for each
 * second a busy one took.
 */
function expectWindowLeft(seen: Seen, seconds: number, started: number): void {
  const least = seconds - Math.floor((Date.now() - started) / 1000);
  expect({ ...seen, retryAfter: null }).toEqual({ status: 429, retryAfter: null, text: LIMITED });
  expect(Number(seen.retryAfter)).toBeLessThanOrEqual(seconds);
  expect(Number(seen.retryAfter)).toBeGreaterThanOrEqual(least);
}

describe('rateLimit: a token answers 429 with Retry-After beyond its requests per window', () => {
  let t: TestSimulator;
  beforeAll(async () => {
    t = await startTestSimulator({ 'limits.yaml': SCENARIO });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => void (await adminCall(t.url, 'POST', '/__admin/reset')));

  test('the third request in a minute is the exact 429, Retry-After the window left in whole seconds', async () => {
    const started = Date.now();
    expect((await ask(t.url, 'two-a-minute')).status).toBe(200);
    expect((await ask(t.url, 'two-a-minute')).status).toBe(200);
    const third = await ask(t.url, 'two-a-minute');
    expectWindowLeft(third, 60, started);
  });

  test('moving the clock past the window lets the token answer again, without waiting', async () => {
    const started = Date.now();
    await ask(t.url, 'two-a-minute');
    await ask(t.url, 'two-a-minute');
    expect((await ask(t.url, 'two-a-minute')).status).toBe(429);
    await adminCall(t.url, 'POST', '/__admin/clock', { body: '{"advance": "45s"}' });
    expectWindowLeft(await ask(t.url, 'two-a-minute'), 15, started);
    await adminCall(t.url, 'POST', '/__admin/clock', { body: '{"advance": "15s"}' });
    expect((await ask(t.url, 'two-a-minute')).status).toBe(200);
  });

  test('retryAfter and answer: are sent as written, the entry answer otherwise untouched', async () => {
    expect((await ask(t.url, 'polite-please')).status).toBe(200);
    const res = await fetch(`${t.url}/rest/chat/client/id/polite-please`);
    expect([res.status, res.headers.get('retry-after'), res.headers.get('x-why'), await res.text()]).toEqual([
      503,
      '3',
      'busy',
      '{"errorCode":"BUSY","errorText":"come back later"}',
    ]);
  });

  test('a request over the limit does not move a sequence on', async () => {
    expect((await ask(t.url, 'steps')).status).toBe(500);
    expect((await ask(t.url, 'steps')).status).toBe(429);
    expect((await ask(t.url, 'steps')).status).toBe(429);
    await adminCall(t.url, 'POST', '/__admin/clock', { body: '{"advance": "1m"}' });
    expect((await ask(t.url, 'steps')).status).toBe(200);
  });

  test('defaults: gives each token of the file its own limit; fallback: each unknown token its own', async () => {
    expect((await ask(t.url, 'by-default')).status).toBe(200);
    expect(await ask(t.url, 'by-default')).toMatchObject({ status: 429, retryAfter: '3600' });
    for (const token of ['stranger-1', 'stranger-2']) {
      expect((await ask(t.url, token)).status).toBe(404);
      expect((await ask(t.url, token)).status).toBe(404);
      expect(await ask(t.url, token)).toEqual({ status: 429, retryAfter: '2', text: LIMITED });
    }
  });
});

describe('a bad rateLimit is a placed problem naming the field', () => {
  const problems = (text: string) => {
    const result = loadSet([{ file: 'a.yaml', text }]);
    return result.ok ? [] : result.problems.map(formatProblem);
  };
  test.each([
    [
      'no window',
      'tokens:\n  x:\n    rateLimit: { requests: 2 }\n',
      ['a.yaml:3:5 tokens.x.rateLimit is missing required rateLimit field "per"'],
    ],
    [
      'a window of 0',
      'tokens:\n  x:\n    rateLimit: { requests: 2, per: 0s }\n',
      [
        'a.yaml:3:31 tokens.x.rateLimit.per must be longer than 0: it is the window the requests are counted in, e.g. "1s" or "1m"',
      ],
    ],
    [
      'a negative count',
      'tokens:\n  x:\n    rateLimit: { requests: -1, per: 1s }\n',
      [
        'a.yaml:3:28 tokens.x.rateLimit.requests must be a whole number of requests from 0, answered in each window; got -1',
      ],
    ],
    [
      'a misspelt key',
      'tokens:\n  x:\n    rateLimit: { requests: 1, per: 1s, retryAfer: 2s }\n',
      ['a.yaml:3:40 tokens.x.rateLimit.retryAfer is not a rateLimit field; did you mean "retryAfter"?'],
    ],
    [
      'a word for a duration',
      'defaults:\n  rateLimit: { requests: 1, per: soon }\n',
      [
        'a.yaml:2:34 defaults.rateLimit.per must be the window the requests are counted in: a duration longer than 0, e.g. "1s", "1m"; got "soon"',
      ],
    ],
    [
      'a step key in its answer',
      'tokens:\n  x:\n    rateLimit: { requests: 1, per: 1s, answer: { sequence: [] } }\n',
      ['a.yaml:3:50 tokens.x.rateLimit.answer.sequence is not a step field'],
    ],
  ])('%s', (_what, text, expected) => {
    expect(problems(text)).toEqual(expected);
  });
});

describeWithRedis()('rateLimit in a Redis group', () => {
  let group: TestGroup;
  beforeAll(async () => {
    group = await startTestGroup({ 'limits.yaml': SCENARIO });
  });
  afterAll(async () => group?.close());

  test('the instances count one window: the third request is refused wherever it lands, and the moved clock opens the next', async () => {
    const { a, b } = group;
    expect((await ask(a.url, 'two-a-minute')).status).toBe(200);
    expect((await ask(b.url, 'two-a-minute')).status).toBe(200);
    expect(await ask(a.url, 'two-a-minute')).toEqual({ status: 429, retryAfter: '60', text: LIMITED });
    expect((await ask(b.url, 'two-a-minute')).status).toBe(429);
    await adminCall(b.url, 'POST', '/__admin/clock', { body: '{"advance": "1m"}' });
    expect((await ask(a.url, 'two-a-minute')).status).toBe(200);
    const reset = await adminCall(a.url, 'POST', '/__admin/reset');
    expect(reset.body.reset).toMatchObject({ tokenStates: 1 });
    expect((await ask(b.url, 'two-a-minute')).status).toBe(200);
  });
});
