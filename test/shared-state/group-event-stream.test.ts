import { describeWithRedis, startTestGroup, type TestGroup } from '../helpers/redis-server';
import { getClients } from '../helpers/test-simulator';
import { openStream, requestsOf } from '../helpers/event-stream';
import { waitFor } from '../helpers/wait-for';

/** The group's run: made from the group's mark in Redis, alike on every instance. */
const GROUP_RUN = /^group-[0-9a-f]{32}$/;

describeWithRedis()('GET /__admin/events in a group (--redis)', () => {
  let g: TestGroup;
  beforeAll(async () => {
    g = await startTestGroup({ 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' });
  });
  afterAll(() => g.close());

  test('both instances say the group run, and a reader moved to the other one resumes after the request it read last', async () => {
    await getClients(g.a.url, ['alice', 'alice', 'alice'], 1);
    const onA = openStream(g.a.url);
    let read: ReturnType<typeof requestsOf>;
    try {
      read = await waitFor(
        () => {
          const r = requestsOf(onA.events);
          return r.seqs.includes(3) && r;
        },
        { what: 'request 3 on the stream from A' },
      );
    } finally {
      onA.close();
    }
    const runOnA = onA.events[0].data.run as string;
    expect(runOnA).toMatch(GROUP_RUN);
    expect(read.seqs).toEqual([1, 2, 3]);
    expect(read.lastId).toBe(`${runOnA}:3`);

    // A load balancer sends the reconnecting reader to B, while B answers two more.
    await getClients(g.b.url, ['alice', 'alice'], 1);
    const onB = openStream(g.b.url, read.lastId);
    try {
      const resumed = await waitFor(
        () => {
          const r = requestsOf(onB.events);
          return r.seqs.includes(5) && r;
        },
        { what: 'request 5 on the stream from B' },
      );
      expect(onB.events[0].data.run).toBe(runOnA);
      expect(resumed.seqs).toEqual([4, 5]);
      expect(resumed.skipped).toBe(0);
      expect(resumed.lastId).toBe(`${runOnA}:5`);
    } finally {
      onB.close();
    }
  });
});
