import { startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { startTestGroup, describeWithRedis } from '../../helpers/redis-server';
import { waitFor } from '../../helpers/wait-for';

const FILE = 'tokens:\n  alice: { status: 401, errorCode: TOKEN_EXPIRED, errorText: token expired }\n';
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

interface Entry {
  readonly seq: number;
  readonly traceId?: string;
  readonly spanId?: string;
}

async function journal(url: string): Promise<Entry[]> {
  return ((await (await fetch(`${url}/__admin/requests`)).json()) as { requests: Entry[] }).requests;
}

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ 'a.yaml': FILE });
});
afterAll(() => t.close());
beforeEach(() => fetch(`${t.url}/__admin/reset`, { method: 'POST' }));

test("a request's traceparent is kept in its journal entry as traceId and spanId", async () => {
  await fetch(`${t.url}/rest/chat/client/id/alice`, { headers: { traceparent: `00-${TRACE}-${SPAN}-01` } });
  await fetch(`${t.url}/rest/chat/client/id/`, {
    method: 'POST',
    headers: { token: 'alice', traceparent: `00-${TRACE}-b7ad6b7169203331-00` },
  });
  const [post, get] = await journal(t.url);
  expect([get.traceId, get.spanId]).toEqual([TRACE, SPAN]);
  expect([post.traceId, post.spanId]).toEqual([TRACE, 'b7ad6b7169203331']);
});

test.each([
  ['no header', undefined],
  ['an all-zero trace id', `00-${'0'.repeat(32)}-${SPAN}-01`],
  ['an all-zero span id', `00-${TRACE}-${'0'.repeat(16)}-01`],
  ['the forbidden version ff', `ff-${TRACE}-${SPAN}-01`],
  ['upper-case hex', `00-${TRACE.toUpperCase()}-${SPAN}-01`],
  ['version 00 with more after the flags', `00-${TRACE}-${SPAN}-01-extra`],
  ['a short trace id', `00-${TRACE.slice(1)}-${SPAN}-01`],
  ['junk', 'not a trace'],
])('with %s the entry has no trace ids', async (_what, header) => {
  await fetch(`${t.url}/rest/chat/client/id/alice`, { headers: header === undefined ? {} : { traceparent: header } });
  const [entry] = await journal(t.url);
  expect(entry).not.toHaveProperty('traceId');
  expect(entry).not.toHaveProperty('spanId');
});

test('a later version with extra fields keeps its ids (W3C: parse what version 00 defines)', async () => {
  await fetch(`${t.url}/rest/chat/client/id/alice`, { headers: { traceparent: `01-${TRACE}-${SPAN}-01-what-comes` } });
  const [entry] = await journal(t.url);
  expect([entry.traceId, entry.spanId]).toEqual([TRACE, SPAN]);
});

describeWithRedis()('in a Redis group', () => {
  test("another instance's journal shows the request's trace ids", async () => {
    const group = await startTestGroup({ 'a.yaml': FILE });
    try {
      await fetch(`${group.a.url}/rest/chat/client/id/alice`, { headers: { traceparent: `00-${TRACE}-${SPAN}-01` } });
      const [entry] = await waitFor(async () => {
        const entries = await journal(group.b.url);
        return entries.length === 1 && entries;
      });
      expect([entry.traceId, entry.spanId]).toEqual([TRACE, SPAN]);
    } finally {
      await group.close();
    }
  });
});
