import { rawExchange } from '../../helpers/raw-request';
import { waitFor } from '../../helpers/wait-for';
import { getClient, postClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const steps = (n: number) =>
  Array.from({ length: n }, (_, i) => `      - { status: 500, errorCode: STEP, errorText: s${i + 1} }`).join('\n');

const SCENARIO = `
tokens:
  flaky:
    sequence:
      - { status: 503, body: none }
      - { status: 503, body: none }
      - client: ${CARD}
  cycling:
    then: cycle
    sequence:
${steps(3)}
  ten:
    sequence:
${steps(10)}
  pipelined:
    sequence:
${steps(6)}
  shared:
    sequence:
${steps(3)}
  headed:
    headers: { X-Sequence: "yes" }
    sequence:
      - { status: 503, body: none }
      - client: ${CARD}
  two-uses:
    client: ${CARD}
    expire: { after: 2 }
  own-expiry:
    client: ${CARD}
    expire:
      after: 1
      answer: { status: 403, errorCode: SESSION_CLOSED, errorText: session closed }
  short-lived:
    client: ${CARD}
    expire: { after: 300ms }
  retry-then-expire:
    sequence:
      - { status: 503, body: none }
      - client: ${CARD}
    expire: { after: 3 }
`;

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator({ 'seq.yaml': SCENARIO });
});
afterEach(() => t.close());

const statuses = async (token: string, n: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await getClient(t.url, token)).status);
  return out;
};
const texts = async (token: string, n: number) => {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(JSON.parse((await getClient(t.url, token)).text).errorText);
  return out;
};

test('a sequence answers its steps in turn, then repeats the last', async () => {
  expect(await statuses('flaky', 5)).toEqual([503, 503, 200, 200, 200]);
});

test('then: cycle starts the sequence over after its last step', async () => {
  expect(await texts('cycling', 7)).toEqual(['s1', 's2', 's3', 's1', 's2', 's3', 's1']);
});

test('GET and POST advance the same sequence: state is per token', async () => {
  const a = JSON.parse((await getClient(t.url, 'shared')).text).errorText;
  const b = JSON.parse((await postClient(t.url, 'shared')).text).errorText;
  const c = JSON.parse((await getClient(t.url, 'shared')).text).errorText;
  expect([a, b, c]).toEqual(['s1', 's2', 's3']);
});

test('concurrent callers each get a different step, none skipped or repeated', async () => {
  const all = await Promise.all(Array.from({ length: 10 }, () => getClient(t.url, 'ten')));
  const seen = all.map((r) => JSON.parse(r.text).errorText).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => `s${i + 1}`));
});

test('requests in flight together on one connection get the steps in arrival order', async () => {
  const text = await pipeline(t.url, 'pipelined', 6);
  expect([...text.matchAll(/"errorText":"(s\d+)"/g)].map((m) => m[1])).toEqual(['s1', 's2', 's3', 's4', 's5', 's6']);
});

test("an entry's headers and other settings apply to each of its steps", async () => {
  const first = await fetch(`${t.url}/rest/chat/client/id/headed`);
  const second = await fetch(`${t.url}/rest/chat/client/id/headed`);
  expect([first.status, second.status]).toEqual([503, 200]);
  expect([first.headers.get('x-sequence'), second.headers.get('x-sequence')]).toEqual(['yes', 'yes']);
  await second.arrayBuffer();
});

test('expire after N uses answers 401 TOKEN_EXPIRED from then on', async () => {
  expect(await statuses('two-uses', 2)).toEqual([200, 200]);
  const expired = await getClient(t.url, 'two-uses');
  expect(expired.status).toBe(401);
  expect(expired.text).toBe('{"errorCode":"TOKEN_EXPIRED","errorText":"token expired"}');
});

test('expire may name its own answer', async () => {
  expect((await getClient(t.url, 'own-expiry')).status).toBe(200);
  const expired = await postClient(t.url, 'own-expiry');
  expect(expired.status).toBe(403);
  expect(JSON.parse(expired.text)).toEqual({ errorCode: 'SESSION_CLOSED', errorText: 'session closed' });
});

test('expire after a time counts from the first request', async () => {
  const first = Date.now();
  expect((await getClient(t.url, 'short-lived')).status).toBe(200);
  await waitFor(async () => (await getClient(t.url, 'short-lived')).status === 401, {
    what: 'the token to expire',
    intervalMs: 25,
  });
  expect(Date.now() - first).toBeGreaterThanOrEqual(290);
});

test('expiry and a sequence combine: the retries count as uses', async () => {
  expect(await statuses('retry-then-expire', 5)).toEqual([503, 200, 200, 401, 401]);
});

test('reset(token) starts one token over; reset() starts every token over', async () => {
  await statuses('flaky', 3);
  await statuses('two-uses', 3);
  expect(await t.sim.tokenStates.reset('flaky')).toBe(1);
  expect(await statuses('flaky', 1)).toEqual([503]);
  expect(await statuses('two-uses', 1)).toEqual([401]);
  expect(await t.sim.tokenStates.reset()).toBe(2);
  expect(await statuses('two-uses', 1)).toEqual([200]);
});

test("the admin API's reset starts every token's sequence and expiry over", async () => {
  await statuses('flaky', 3);
  await statuses('two-uses', 3);
  const res = await fetch(`${t.sim.adminUrl}/reset`, { method: 'POST' });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { reset: { tokenStates: number } }).reset.tokenStates).toBe(2);
  expect(await statuses('flaky', 1)).toEqual([503]);
  expect(await statuses('two-uses', 1)).toEqual([200]);
});

test('a reload keeps the state of unchanged entries and starts changed ones over', async () => {
  await statuses('flaky', 2);
  await texts('cycling', 2);
  t.dir.write('seq.yaml', SCENARIO.replace('then: cycle', 'then: cycle\n    headers: { X-Changed: "1" }'));
  const outcome = await t.sim.store.reload();
  expect(outcome.ok).toBe(true);
  expect(await statuses('flaky', 1)).toEqual([200]);
  expect(await texts('cycling', 1)).toEqual(['s1']);
});

/** Sends `n` GETs in one write on one connection (HTTP pipelining) and returns everything read back. */
async function pipeline(url: string, token: string, n: number): Promise<string> {
  const one = (last: boolean) =>
    `GET /rest/chat/client/id/${token} HTTP/1.1\r\nhost: x\r\n${last ? 'connection: close\r\n' : ''}\r\n`;
  const request = Array.from({ length: n }, (_, i) => one(i === n - 1)).join('');
  return (await rawExchange(url, request, 5000)).bytes.toString();
}
