import { adminCall } from '../helpers/admin-client';
import { describeWithRedis, startTestGroup, type TestGroup } from '../helpers/redis-server';
import { getClient, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

const CARD = '{ id: "1", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const SCENARIO = `tokens:
  alice: { client: ${CARD} }
  bob: { client: ${CARD} }
  carol: { status: 401 }
`;

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
});
