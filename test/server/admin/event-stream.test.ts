import { adminCall, jsonBody } from '../../helpers/admin-client';
import {
  getClient,
  getClients,
  postClient,
  startTestSimulator,
  type TestSimulator,
} from '../../helpers/test-simulator';
import { waitFor } from '../../helpers/wait-for';
import { openStream, requestsOf } from '../../helpers/event-stream';

/** A run id: a version 4 UUID, new at each start. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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
        data: {
          adminTokenRequired: true,
          readsNeedToken: false,
          journalCapacity: 1000,
          run: expect.stringMatching(UUID),
        },
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
        data: {
          adminTokenRequired: false,
          readsNeedToken: false,
          journalCapacity: 0,
          run: expect.stringMatching(UUID),
        },
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

  describe('a reader that reconnects with Last-Event-ID', () => {
    /** Reads until request `seq` has come, then closes the stream and waits until the server has let it go. */
    const readUpTo = async (seq: number, lastEventId?: string) => {
      const stream = openStream(t.url, lastEventId);
      try {
        await waitFor(() => requestsOf(stream.events).seqs.includes(seq), { what: `request ${seq} on the stream` });
        return { hello: stream.events[0].data, ...requestsOf(stream.events) };
      } finally {
        stream.close();
        await waitFor(() => t.sim.control.streams.size === 0, { what: 'the stream let go' });
      }
    };

    test('gets only the requests after the id it read last, each message with the id of the newest it covers', async () => {
      t = await startTestSimulator({ 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' });
      await getClient(t.url, 'alice');
      await getClient(t.url, 'alice');
      const first = await readUpTo(2);
      expect([first.seqs, first.skipped, first.lastId]).toEqual([[1, 2], 0, `${first.hello.run}:2`]);
      await getClient(t.url, 'alice');
      await getClient(t.url, 'alice');
      const again = await readUpTo(4, first.lastId);
      expect([again.hello.run, again.seqs, again.skipped, again.lastId]).toEqual([
        first.hello.run,
        [3, 4],
        0,
        `${first.hello.run}:4`,
      ]);
    });

    test('counts as skipped the requests after its id that the journal no longer holds', async () => {
      t = await startTestSimulator({ 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' }, { journalSize: 3 });
      await getClient(t.url, 'alice');
      const first = await readUpTo(1);
      for (let i = 0; i < 4; i++) await getClient(t.url, 'alice');
      const again = await readUpTo(5, first.lastId);
      expect([again.seqs, again.skipped]).toEqual([[3, 4, 5], 1]);
    });

    test('gets the newest 200 and the count of the rest when more came while it was away', async () => {
      t = await startTestSimulator({ 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' });
      await getClient(t.url, 'alice');
      const first = await readUpTo(1);
      await getClients(
        t.url,
        Array.from({ length: 250 }, () => 'alice'),
        10,
      );
      const again = await readUpTo(251, first.lastId);
      expect([again.seqs.length, again.seqs[0], again.seqs.at(-1), again.skipped]).toEqual([200, 52, 251, 50]);
    });

    test.each([
      ['another run (a restarted simulator)', () => 'a-run-before:1'],
      ['this run with no request number', (run: string) => `${run}:one`],
      ['this run with a number too large', (run: string) => `${run}:99999999999999999999`],
    ])('with the id of %s, gets the newest requests as a new reader does', async (_what, idOf) => {
      t = await startTestSimulator({ 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' });
      await getClient(t.url, 'alice');
      await getClient(t.url, 'alice');
      const first = await readUpTo(2);
      const again = await readUpTo(2, idOf(first.hello.run as string));
      expect([again.seqs, again.skipped]).toEqual([[1, 2], 0]);
    });
  });
});
