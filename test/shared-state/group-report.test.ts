import { adminCall } from '../helpers/admin-client';
import { describeWithRedis, startTestGroup, type TestGroup } from '../helpers/redis-server';
import { getClient, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const SCENARIO = `tokens:
  alice: { client: ${CARD} }
  bob: { client: ${CARD} }
  carol: { status: 401 }
  slow: { client: ${CARD}, delay: 30ms }
  limited:
    status: 429
    headers: { Retry-After: "2" }
    body: none
`;
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

interface Report {
  tokens: Record<string, { calls: number; statuses: Record<string, number>; outage: number }>;
  caller: { requests: number; outage: number };
}

const describeRedis = describeWithRedis();

describeRedis("the caller report across a group: each instance folds in the others' exchanges", () => {
  let group: TestGroup;
  let a: TestSimulator;
  let b: TestSimulator;
  beforeAll(async () => {
    group = await startTestGroup({ 'qa.yaml': SCENARIO });
    ({ a, b } = group);
  });
  afterAll(() => group?.close());

  test('requests answered together by one instance reach the other each as itself, outage marks included', async () => {
    await adminCall(a.url, 'POST', '/__admin/outage', { body: '{"status": 503}' });
    // Answered within one shipping batch: each exchange must be shipped as it was, not as the last one.
    const statuses = await Promise.all(['alice', 'bob', 'carol'].map(async (t) => (await getClient(a.url, t)).status));
    await adminCall(a.url, 'DELETE', '/__admin/outage');
    expect(statuses).toEqual([503, 503, 503]);
    expect([(await getClient(a.url, 'alice')).status, (await getClient(a.url, 'carol')).status]).toEqual([200, 401]);
    let seen: Report | undefined;
    await waitFor(
      async () => {
        seen = (await adminCall(b.url, 'GET', '/__admin/report')).body as unknown as Report;
        return seen.caller.requests === 5;
      },
      { what: "b's report to hold a's five exchanges" },
    );
    const byToken = Object.fromEntries(
      Object.entries(seen!.tokens).map(([token, t]) => [token, [t.calls, t.statuses, t.outage]]),
    );
    expect(byToken).toEqual({
      alice: [2, { '503': 1, '200': 1 }, 1],
      bob: [1, { '503': 1 }, 1],
      carol: [2, { '503': 1, '401': 1 }, 1],
    });
    expect(seen!.caller.outage).toBe(3);
  });

  // An instance takes its own requests from what it kept when it wrote them, and the other parses
  // and checks them from the stream: both must read alike, or the verdict would depend on which is asked.
  test("A's own requests, taken as it kept them, read on A as B parses them: journal and report alike", async () => {
    await adminCall(a.url, 'POST', '/__admin/reset');
    const statuses = await Promise.all(
      ['alice', 'bob', 'carol', 'slow', 'limited', 'alicf'].map(async (t) => (await getClient(a.url, t)).status),
    );
    const posted = await fetch(`${a.url}/rest/chat/client/id/`, { method: 'POST', headers: { token: 'bob' } });
    const traced = await fetch(`${a.url}/rest/chat/client/id/alice`, { headers: { traceparent: TRACEPARENT } });
    expect([...statuses, posted.status, traced.status]).toEqual([200, 200, 401, 200, 429, 404, 200, 200]);

    const journal = async (t: TestSimulator) => {
      const body = (await adminCall(t.url, 'GET', '/__admin/requests')).body as unknown as { requests: unknown[] };
      return body.requests.length === 8 && body.requests;
    };
    const [onA, onB] = await Promise.all([
      waitFor(() => journal(a), { what: "A's journal to hold its 8 requests" }),
      waitFor(() => journal(b), { what: "B's journal to hold A's 8 requests" }),
    ]);
    expect(onA).toEqual(onB);
    expect(onA).toContainEqual(
      expect.objectContaining({
        token: 'alice',
        traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
        spanId: '00f067aa0ba902b7',
      }),
    );
    expect(onA).toContainEqual(expect.objectContaining({ token: 'alicf', status: 404, nearMisses: ['alice'] }));
    expect(onA).toContainEqual(expect.objectContaining({ method: 'POST', token: 'bob', origin: 'header' }));

    const report = async (t: TestSimulator) => (await adminCall(t.url, 'GET', '/__admin/report')).body;
    expect(await report(a)).toEqual(await report(b));
  });
});
