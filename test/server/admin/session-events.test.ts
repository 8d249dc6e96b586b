import { adminCall, jsonBody } from '../../helpers/admin-client';
import { openStream, type StreamEvent } from '../../helpers/event-stream';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { waitFor } from '../../helpers/wait-for';

const FILE = `tokens:
  flaky:
    sequence: [ { status: 503 }, { status: 204, body: none } ]
    expect: { calls: 2 }
`;

/** The newest `sessions` message that satisfies `check`. */
function lastSessions(events: StreamEvent[], check: (data: Record<string, unknown>) => boolean) {
  const found = events.filter((e) => e.event === 'sessions').at(-1)?.data;
  return found !== undefined && check(found) && found;
}

describe('the sessions event of GET /__admin/events', () => {
  let t: TestSimulator;
  afterEach(async () => t.close());

  test('lists sessions as they open, are used and end, each with its request count and verdict', async () => {
    t = await startTestSimulator({ 'qa.yaml': FILE }, { watch: false });
    const stream = openStream(t.url);
    try {
      const empty = await waitFor(() => lastSessions(stream.events, () => true), { what: 'a first sessions event' });
      expect(empty).toEqual({ count: 0, max: 1000, now: expect.any(Number), sessions: [] });

      const opened = await adminCall(t.url, 'POST', '/__admin/sessions', jsonBody({ tokens: ['flaky'], ttl: '2m' }));
      const { id, prefix } = opened.body as { id: string; prefix: string };
      const first = await waitFor(() => lastSessions(stream.events, (d) => d.count === 1), {
        what: 'the opened session listed',
        timeoutMs: 10_000,
      });
      const described = (await adminCall(t.url, 'GET', `/__admin/sessions/${id}`)).body;
      expect(first.sessions).toEqual([
        {
          id,
          prefix,
          tokens: ['flaky'],
          ttlMs: 120_000,
          createdAt: Date.parse(String(described.createdAt)),
          lastUsedAt: Date.parse(String(described.createdAt)),
          requests: 0,
          verdict: 'fail',
        },
      ]);

      await getClient(t.url, `${prefix}flaky`);
      await getClient(t.url, `${prefix}flaky`);
      await getClient(t.url, 'flaky');
      const used = await waitFor(
        () => lastSessions(stream.events, (d) => (d.sessions as { requests: number }[])[0]?.requests === 2),
        { what: 'the two session requests counted', timeoutMs: 10_000 },
      );
      expect(used.sessions).toMatchObject([{ id, requests: 2, verdict: 'pass' }]);

      expect((await adminCall(t.url, 'DELETE', `/__admin/sessions/${id}`)).status).toBe(200);
      const ended = await waitFor(() => lastSessions(stream.events, (d) => d.count === 0), {
        what: 'the ended session gone from the list',
        timeoutMs: 10_000,
      });
      expect(ended.sessions).toEqual([]);
    } finally {
      stream.close();
    }
  });

  test('a stream that joins later gets the current list at once', async () => {
    t = await startTestSimulator({ 'qa.yaml': FILE }, { watch: false });
    const first = openStream(t.url);
    try {
      const { id } = (await adminCall(t.url, 'POST', '/__admin/sessions')).body as { id: string };
      await waitFor(() => lastSessions(first.events, (d) => d.count === 1), {
        what: 'the session listed',
        timeoutMs: 10_000,
      });
      const second = openStream(t.url);
      try {
        const joined = await waitFor(() => lastSessions(second.events, () => true), { what: 'sessions on joining' });
        expect(joined).toMatchObject({ count: 1, sessions: [{ id, tokens: null, requests: 0, verdict: 'pass' }] });
      } finally {
        second.close();
      }
    } finally {
      first.close();
    }
  });

  test('a clock advance sends the sessions again, with the scenario time their ages are reckoned from', async () => {
    t = await startTestSimulator({ 'qa.yaml': FILE }, { watch: false });
    await adminCall(t.url, 'POST', '/__admin/sessions', jsonBody({ ttl: '3h' }));
    const stream = openStream(t.url);
    try {
      const before = await waitFor(() => lastSessions(stream.events, (d) => d.count === 1), {
        what: 'the session listed',
      });
      const moved = await adminCall(t.url, 'POST', '/__admin/clock', jsonBody({ advance: '1h' }));
      expect(moved.status).toBe(200);
      const after = await waitFor(
        () => lastSessions(stream.events, (d) => (d.now as number) - (before.now as number) >= 3_600_000),
        { what: 'a sessions event an hour of scenario time later' },
      );
      // The same session, unchanged: only the time it is seen from has moved.
      expect(after.sessions).toEqual(before.sessions);
    } finally {
      stream.close();
    }
  });
});
