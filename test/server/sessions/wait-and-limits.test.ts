import http from 'node:http';
import { waitFor } from '../../helpers/wait-for';
import { adminCall, jsonBody } from '../../helpers/admin-client';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator(
    { 'a.yaml': 'tokens:\n  alice: { status: 503, body: none }\n' },
    { watch: false, maxSessions: 3 },
  );
});
afterAll(() => t.close());
afterEach(async () => {
  for (const session of t.sim.control.sessions.list())
    await adminCall(t.url, 'DELETE', `/__admin/sessions/${session.id}`);
  await t.sim.control.reset();
});

test('a wait for the N-th request answers within 50 ms of it, with the token entry', async () => {
  const waiting = adminCall(t.url, 'GET', '/__admin/wait?token=alice&calls=3&timeout=10s');
  // The wait is held before the requests start: the server holds one waiter.
  await expectHeld(1);
  await getClient(t.url, 'alice');
  await getClient(t.url, 'alice');
  await getClient(t.url, 'alice');
  const answer = await waiting;
  // An upper bound of the server's reaction, on the server's clock: the third request's arrival to the wait's answer.
  const journal = await adminCall(t.url, 'GET', '/__admin/requests?token=alice&limit=1');
  const thirdArrived = Date.parse((journal.body.requests as { time: string }[])[0].time);
  expect(answer.body.answeredAt as number).toBeGreaterThanOrEqual(thirdArrived);
  expect((answer.body.answeredAt as number) - thirdArrived).toBeLessThan(50);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ reached: true, token: { calls: 3, statuses: { '503': 3 } } });
});

test("a session's wait counts only its own requests; the time-out is a 408 saying what was seen", async () => {
  const session = (await adminCall(t.url, 'POST', '/__admin/sessions')).body as { id: string; prefix: string };
  await getClient(t.url, 'alice');
  await getClient(t.url, `${session.prefix}alice`);
  const started = performance.now();
  const answer = await adminCall(t.url, 'GET', `/__admin/wait?token=alice&calls=2&timeout=300ms&session=${session.id}`);
  expect(performance.now() - started).toBeGreaterThanOrEqual(299);
  expect(answer.status).toBe(408);
  expect(answer.body).toMatchObject({
    reached: false,
    error: `token "alice" had 1 of the 2 request(s) waited for in session ${session.id} when the 300 ms time-out ended`,
    calls: 1,
    token: { calls: 1 },
  });
  const reached = await adminCall(t.url, 'GET', `/__admin/wait?token=alice&calls=1&session=${session.id}`);
  expect(reached.body).toMatchObject({ reached: true, token: { calls: 1 } });
});

test('a wait for quiet answers once no request came for that long', async () => {
  await getClient(t.url, 'alice');
  const started = performance.now();
  const answer = await adminCall(t.url, 'GET', '/__admin/wait?quiet=200ms&timeout=5s');
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ reached: true, quietMs: 200 });
  expect(performance.now() - started).toBeLessThan(1000);
});

test('bad input: unknown session 404, malformed bodies and queries 400, too many sessions 429', async () => {
  const cases: [string, string, unknown, number, string][] = [
    [
      'POST',
      '/__admin/sessions',
      { tokens: 'alice' },
      400,
      'the session was not opened: POST /__admin/sessions:1:11 tokens must be a list of token names like ["alice", "flaky"], at most 1000; got "alice"',
    ],
    [
      'POST',
      '/__admin/sessions',
      { tokens: ['alice', 7] },
      400,
      'the session was not opened: POST /__admin/sessions:1:20 tokens[1] must be a token name (a non-empty string); got 7',
    ],
    [
      'POST',
      '/__admin/sessions',
      { ttl: 'soon' },
      400,
      'the session was not opened: POST /__admin/sessions:1:8 ttl must be a duration from 1ms to 24d such as "10m", "90s" or "500ms" (or milliseconds); got "soon"',
    ],
    [
      'POST',
      '/__admin/sessions',
      { tokns: [] },
      400,
      'the session was not opened: POST /__admin/sessions:1:2 tokns is not a session body field; did you mean "tokens"?',
    ],
    [
      'POST',
      '/__admin/sessions',
      [1],
      400,
      'the session was not opened: POST /__admin/sessions:1:1 the session body must be a JSON object like {"tokens": ["alice"], "ttl": "10m"}, both fields optional; got a list',
    ],
    [
      'GET',
      '/__admin/sessions/nope/report',
      undefined,
      404,
      'there is no session "nope": it was never opened, was ended (DELETE), or went unused past its ttl; GET /__admin/sessions lists the live ones',
    ],
    [
      'DELETE',
      '/__admin/sessions/nope',
      undefined,
      404,
      'there is no session "nope": it was never opened, was ended (DELETE), or went unused past its ttl; GET /__admin/sessions lists the live ones',
    ],
    [
      'GET',
      '/__admin/wait?token=alice&session=nope',
      undefined,
      404,
      'there is no session "nope": it was never opened, was ended (DELETE), or went unused past its ttl; GET /__admin/sessions lists the live ones',
    ],
    ['GET', '/__admin/wait?quiet=1s&calls=2', undefined, 400, 'calls counts the requests of a token: give token=T too'],
    [
      'GET',
      '/__admin/wait?token=alice&calls=0',
      undefined,
      400,
      'calls must be a whole number from 1 to 1000000; got "0"',
    ],
    [
      'GET',
      '/__admin/wait?token=alice&timeout=later',
      undefined,
      400,
      'timeout must be a duration such as "300ms", "5s" or "1m"; got "later"',
    ],
    [
      'GET',
      '/__admin/wait?tokn=alice',
      undefined,
      400,
      'unknown wait parameter "tokn"; did you mean "token"?; they are token, calls, quiet, timeout, session',
    ],
    [
      'GET',
      '/__admin/wait?token=alice&quiet=1s',
      undefined,
      400,
      'wait for either token=T (with calls=N) or quiet=<duration> (e.g. quiet=300ms), not both or neither',
    ],
  ];
  for (const [method, path, body, status, error] of cases) {
    const answer = await adminCall(t.url, method, path, body === undefined ? {} : jsonBody(body));
    expect([path, answer.status, answer.body.error]).toEqual([path, status, error]);
  }
  for (let i = 0; i < 3; i++) expect((await adminCall(t.url, 'POST', '/__admin/sessions')).status).toBe(201);
  const full = await adminCall(t.url, 'POST', '/__admin/sessions');
  expect(full.status).toBe(429);
  expect(full.body.error).toBe(
    'there are already 3 sessions, the most --max-sessions allows; end some (DELETE /__admin/sessions/{id}), let them idle out (a session ends after its ttl unused, 600 s unless it asked otherwise), or start with a higher --max-sessions',
  );
});

test('a wait past the 1,000 held is a 429; a caller that hangs up frees its wait', async () => {
  const agent = new http.Agent({ keepAlive: false, maxSockets: 1000 });
  const held = Array.from({ length: 1000 }, () => {
    const req = http.get(`${t.url}/__admin/wait?token=nobody&timeout=60s`, { agent });
    req.on('error', () => undefined);
    return req;
  });
  try {
    await expectHeld(1000);
    const refused = await adminCall(t.url, 'GET', '/__admin/wait?token=nobody&timeout=60s');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(
      'there are already 1000 waits held, the most allowed; let some end (each ends at its time-out or when its caller hangs up) before waiting again',
    );
  } finally {
    for (const req of held) req.destroy();
    agent.destroy();
  }
  await expectHeld(0);
}, 60_000);

test('an idle session ends after its ttl', async () => {
  const session = (await adminCall(t.url, 'POST', '/__admin/sessions', jsonBody({ ttl: '150ms' }))).body as {
    id: string;
  };
  expect((await adminCall(t.url, 'GET', `/__admin/sessions/${session.id}`)).status).toBe(200);
  await waitFor(() => t.sim.control.sessions.get(session.id) === undefined, { what: 'the idle session to end' });
  expect((await adminCall(t.url, 'GET', `/__admin/sessions/${session.id}`)).status).toBe(404);
});

/** Waits for `count` held waits: 1,000 connections opened beside four other jest workers can take seconds. */
async function expectHeld(count: number): Promise<void> {
  const until = Date.now() + 25_000;
  while (t.sim.control.waiters.size !== count && Date.now() < until)
    await new Promise((resolve) => setImmediate(resolve));
  expect(t.sim.control.waiters.size).toBe(count);
}
