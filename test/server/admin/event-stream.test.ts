import { adminCall, jsonBody } from '../../helpers/admin-client';
import {
  getClient,
  getClients,
  postClient,
  startTestSimulator,
  type TestSimulator,
} from '../../helpers/test-simulator';
import { waitFor } from '../../helpers/wait-for';
import { openStream } from '../../helpers/event-stream';

describe('GET /__admin/events', () => {
  let t: TestSimulator;
  afterEach(async () => t.close());

  test('says hello, sends the scenario status, then each request from the journal, oldest first', async () => {
    t = await startTestSimulator(
      { 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' },
      { admin: { token: 'x' } },
    );
    const stream = openStream(t.url);
    try {
      await waitFor(() => stream.events.length >= 2, { what: 'hello and scenarios' });
      expect(stream.events[0]).toEqual({
        event: 'hello',
        data: { adminTokenRequired: true, readsNeedToken: false, journalCapacity: 1000 },
      });
      expect(stream.events[1].event).toBe('scenarios');
      expect(stream.events[1].data).toMatchObject({
        tokens: 1,
        tokensPerFile: { [`${t.dir.path}/a.yaml`]: 1 },
        lastError: null,
        runtimeTokens: [],
      });
      await getClient(t.url, 'alice');
      await postClient(t.url, 'bob');
      const requests = await waitFor(
        () => {
          const all = stream.events
            .filter((e) => e.event === 'requests')
            .flatMap((e) => e.data.requests as Record<string, unknown>[]);
          return all.length >= 2 && all;
        },
        { what: 'two requests on the stream' },
      );
      expect(requests.map((r) => [r.seq, r.method, r.token, r.origin, r.status, r.matched, r.entry])).toEqual([
        [1, 'GET', 'alice', 'path', 204, 'token', `${t.dir.path}/a.yaml:2`],
        [2, 'POST', 'bob', 'header', 404, 'fallback', '(built-in fallback)'],
      ]);
    } finally {
      stream.close();
    }
  });

  test('with the journal off, still says hello (journal capacity 0) and sends the scenario status', async () => {
    t = await startTestSimulator({ 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' }, { journalSize: 0 });
    const stream = openStream(t.url);
    try {
      await waitFor(() => stream.events.length >= 2, { what: 'hello and scenarios' });
      expect(stream.events[0]).toEqual({
        event: 'hello',
        data: { adminTokenRequired: false, readsNeedToken: false, journalCapacity: 0 },
      });
      expect(stream.events[1].data).toMatchObject({ tokens: 1, lastError: null });
    } finally {
      stream.close();
    }
  });

  test('sends the scenario status again when a runtime token is put or deleted', async () => {
    t = await startTestSimulator({ 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' });
    const stream = openStream(t.url);
    const runtimeTokens = () => stream.events.filter((e) => e.event === 'scenarios').map((e) => e.data.runtimeTokens);
    try {
      await waitFor(() => stream.events.length >= 2, { what: 'hello and scenarios' });
      expect((await adminCall(t.url, 'PUT', '/__admin/tokens/carol', jsonBody({ status: 403 }))).status).toBe(201);
      await waitFor(() => runtimeTokens().length >= 2, { what: 'the status after the PUT' });
      expect((await adminCall(t.url, 'DELETE', '/__admin/tokens/carol')).status).toBe(200);
      await waitFor(() => runtimeTokens().length >= 3, { what: 'the status after the DELETE' });
      expect(runtimeTokens()).toEqual([[], ['carol'], []]);
    } finally {
      stream.close();
    }
  });

  test('closing the simulator ends an open stream instead of waiting for it', async () => {
    t = await startTestSimulator({ 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' });
    const stream = openStream(t.url);
    await waitFor(() => stream.events.length >= 2, { what: 'hello and scenarios' });
    // A grace longer than the test's timeout: only ending the stream lets close() finish in time.
    await t.sim.close(60_000);
    await stream.ended;
    // The sessions list (none: read at once) comes before the caller report, which waits for recording to settle.
    expect(stream.events.map((e) => e.event)).toEqual(['hello', 'scenarios', 'sessions', 'report']);
  });

  test('sends the scenario status again when a reload fails, with the broken line', async () => {
    t = await startTestSimulator({ 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' });
    const stream = openStream(t.url);
    try {
      await waitFor(() => stream.events.length >= 2, { what: 'hello and scenarios' });
      t.dir.write('a.yaml', 'tokens:\n  alice: { status: 2004, body: none }\n');
      const broken = await waitFor(
        () => stream.events.find((e) => e.event === 'scenarios' && e.data.lastError !== null),
        { timeoutMs: 10_000, what: 'a failed reload on the stream' },
      );
      const problems = (broken.data.lastError as { problems: { line: number; sourceLine: string }[] }).problems;
      expect(problems.map((p) => [p.line, p.sourceLine])).toEqual([[2, '  alice: { status: 2004, body: none }']]);
    } finally {
      stream.close();
    }
  });

  test('a report event cut to 500 tokens keeps every failing token, however few its calls', async () => {
    const card = '{ client: { id: "1", name: Ann Lee, surname: Lee, firstname: Ann, type: "0", enabled: true } }';
    const busy = Array.from({ length: 500 }, (_, i) => `busy-${i}`);
    const failing = Array.from({ length: 10 }, (_, i) => `failing-${i}`);
    t = await startTestSimulator(
      {
        'a.yaml': `tokens:\n${busy.map((b) => `  ${b}: ${card}`).join('\n')}\n${failing.map((f) => `  ${f}: { client: { id: "2", name: Bo Li, surname: Li, firstname: Bo, type: "0", enabled: true }, expect: { calls: 2 } }`).join('\n')}\n`,
      },
      { watch: false },
    );
    await getClients(t.url, [...busy, ...busy, ...failing], 10);
    const stream = openStream(t.url);
    try {
      const report = await waitFor(() => stream.events.find((e) => e.event === 'report')?.data, {
        what: 'the report event',
      });
      expect(report.tokensTotal).toBe(510);
      const sent = Object.keys(report.tokens as Record<string, unknown>);
      expect(sent).toHaveLength(500);
      expect(sent.slice(0, 10)).toEqual(failing);
    } finally {
      stream.close();
    }
  });
});
