import { adminCall } from '../../helpers/admin-client';
import { getClient, postClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const FILE = `tokens:
  alice:
    client: { id: 1, name: Alice A, surname: A, firstname: Alice, type: "0", enabled: true }
  expired:
    status: 401
    errorCode: TOKEN_EXPIRED
    errorText: token expired
  crm-down:
    status: 503
    body: none
    delay: 20ms
`;

type Entry = Record<string, unknown>;

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator({ 'a.yaml': FILE });
});
afterEach(() => t.close());

async function journal(query = '', url = t.url): Promise<Entry[]> {
  const res = await adminCall(url, 'GET', `/__admin/requests${query}`);
  expect(res.status).toBe(200);
  return res.body.requests as Entry[];
}

/** The journal records on the response's close, which can land just after the client has its answer. */
async function journalOf(count: number, query = '', url = t.url): Promise<Entry[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const entries = await journal(query, url);
    if (entries.length >= count) return entries;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`the journal never reached ${count} entries`);
}

test('each request is journaled newest first with how it was asked and answered', async () => {
  await getClient(t.url, 'alice');
  await postClient(t.url, 'expired');
  await getClient(t.url, 'crm-down');
  const [down, expired, alice] = await journalOf(3);
  expect(alice).toMatchObject({
    seq: 1,
    method: 'GET',
    token: 'alice',
    origin: 'path',
    status: 200,
    fault: null,
    delayMs: 0,
    matched: 'token',
    nearMisses: [],
  });
  expect(alice.entry).toMatch(/a\.yaml:2$/);
  expect(expired).toMatchObject({
    seq: 2,
    method: 'POST',
    token: 'expired',
    origin: 'header',
    status: 401,
    matched: 'token',
  });
  expect(expired.entry).toMatch(/a\.yaml:4$/);
  expect(down).toMatchObject({ seq: 3, token: 'crm-down', status: 503, delayMs: 20 });
  expect(down.durationMs as number).toBeGreaterThanOrEqual(19);
  // Bytes on the wire: the status line and headers, plus the body where there is one.
  const aliceBody = Buffer.byteLength((await getClient(t.url, 'alice')).text);
  expect(alice.bytes as number).toBeGreaterThan(aliceBody);
  expect(down.bytes as number).toBeGreaterThan(0);
  expect(Date.parse(alice.time as string)).not.toBeNaN();
});

test('a token that matched nothing names the closest known tokens', async () => {
  await getClient(t.url, 'alise');
  await getClient(t.url, 'zzzzzzzzzzzz');
  const [far, near] = await journalOf(2);
  expect(near).toMatchObject({
    token: 'alise',
    status: 404,
    matched: 'fallback',
    entry: '(built-in fallback)',
    nearMisses: ['alice'],
  });
  expect(far).toMatchObject({ token: 'zzzzzzzzzzzz', matched: 'fallback', nearMisses: [] });
});

test('a synthetic token is journaled as a population match, and a named token shadowing one as a token match', async () => {
  const withPopulation = await startTestSimulator({
    'p.yaml': `generate:
  - tokens: "demo-{n}"
    count: 10
    seed: 1
tokens:
  demo-3:
    status: 401
    errorCode: TOKEN_EXPIRED
    errorText: token expired
`,
  });
  try {
    expect((await getClient(withPopulation.url, 'demo-2')).status).toBe(200);
    expect((await getClient(withPopulation.url, 'demo-3')).status).toBe(401);
    const [named, synthetic] = await journalOf(2, '', withPopulation.url);
    expect(synthetic).toMatchObject({ token: 'demo-2', status: 200, matched: 'population' });
    expect(named).toMatchObject({ token: 'demo-3', status: 401, matched: 'token' });
    expect(named.entry).toMatch(/p\.yaml:6$/);
  } finally {
    await withPopulation.close();
  }
});

test('a request rejected before any lookup is journaled without a token', async () => {
  const res = await fetch(`${t.url}/rest/chat/client/id/`, { method: 'POST' });
  expect(res.status).toBe(400);
  const [entry] = await journalOf(1);
  expect(entry).toMatchObject({
    method: 'POST',
    token: null,
    origin: null,
    status: 400,
    matched: 'rejected',
    entry: null,
  });
});

test('filters by token, method, status and since, and combine', async () => {
  await getClient(t.url, 'alice');
  await postClient(t.url, 'alice');
  await getClient(t.url, 'expired');
  const [third] = await journalOf(3);
  // A cut strictly after the third request, so the millisecond clock cannot put both on one side.
  let cut = new Date().toISOString();
  while (cut <= (third.time as string))
    cut = await new Promise<string>((r) => setTimeout(() => r(new Date().toISOString()), 1));
  await postClient(t.url, 'expired');
  await journalOf(4);
  expect((await journal('?token=alice')).map((e) => e.method)).toEqual(['POST', 'GET']);
  expect((await journal('?method=post')).map((e) => e.token)).toEqual(['expired', 'alice']);
  expect((await journal('?status=401')).map((e) => e.method)).toEqual(['POST', 'GET']);
  expect((await journal('?token=alice&method=GET')).length).toBe(1);
  expect((await journal(`?since=${encodeURIComponent(cut)}`)).map((e) => `${e.method} ${e.token}`)).toEqual([
    'POST expired',
  ]);
  expect((await journal('?limit=2')).map((e) => e.seq)).toEqual([4, 3]);
});

test.each([
  [
    '?tokn=alice',
    'unknown filter "tokn"; did you mean "token"?; filters are token, method, status, since, limit, session',
  ],
  ['?status=abc', 'filter "status" must be a whole number from 100 to 599; got "abc"'],
  [
    '?since=yesterday',
    'filter "since" must be an ISO time (2026-01-31T12:00:00Z) or epoch milliseconds; got "yesterday"',
  ],
  ['?token=a&token=b', 'filter "token" must be given once'],
])('a bad filter %s is a 400 saying what is wrong', async (query, message) => {
  const res = await adminCall(t.url, 'GET', `/__admin/requests${query}`);
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: message });
});

test('DELETE clears the journal', async () => {
  await getClient(t.url, 'alice');
  await journalOf(1);
  const del = await adminCall(t.url, 'DELETE', '/__admin/requests');
  expect(del.body).toEqual({ cleared: 1 });
  expect(await journal()).toEqual([]);
});
