import { adminCall, jsonBody } from '../../helpers/admin-client';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const SCENARIO = `
tokens:
  retry-twice:
    expect: { calls: { atMost: 3 } }
    sequence:
      - { status: 503, body: none }
      - { status: 503, body: none }
      - client: { id: "1", name: Patient Pavel, surname: Patient, firstname: Pavel, type: "0", enabled: true }
  alice:
    client: { id: "2", name: Alice Smith, surname: Smith, firstname: Alice, type: "0", enabled: true }
`;

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ 'a.yaml': SCENARIO }, { watch: false });
});
afterAll(() => t.close());
beforeEach(() => t.sim.control.reset());

async function openSession(body?: unknown): Promise<{ id: string; prefix: string }> {
  const answer = await adminCall(t.url, 'POST', '/__admin/sessions', body === undefined ? {} : jsonBody(body));
  expect(answer.status).toBe(201);
  return answer.body as { id: string; prefix: string };
}

const statuses = async (token: string, n: number): Promise<number[]> => {
  const seen: number[] = [];
  for (let i = 0; i < n; i++) seen.push((await getClient(t.url, token)).status);
  return seen;
};

test('a session answers prefix + T as T, its sequence starting at the first step, T outside untouched', async () => {
  expect(await statuses('retry-twice', 1)).toEqual([503]);
  const a = await openSession({ tokens: ['retry-twice'] });
  const b = await openSession();
  expect(a.prefix).toMatch(/^[a-z0-9-]+$/);
  expect(a.prefix).not.toBe(b.prefix);
  expect(await statuses(`${a.prefix}retry-twice`, 3)).toEqual([503, 503, 200]);
  expect(await statuses(`${b.prefix}retry-twice`, 2)).toEqual([503, 503]);
  // Outside any session, T's own sequence went on from where it was: its second step.
  expect(await statuses('retry-twice', 2)).toEqual([503, 200]);
  expect(await statuses(`${a.prefix}alice`, 1)).toEqual([200]);
  expect(await statuses(`${a.prefix}nobody`, 1)).toEqual([404]);
});

test("a session's report counts its own requests under T, judged by the entries' expect", async () => {
  const a = await openSession({ tokens: ['retry-twice', 'alice'] });
  const b = await openSession();
  await statuses(`${a.prefix}retry-twice`, 3);
  await statuses(`${b.prefix}retry-twice`, 4);
  await statuses(`${b.prefix}nobody`, 1);
  const reportA = await adminCall(t.url, 'GET', `/__admin/sessions/${a.id}/report`);
  expect(reportA.status).toBe(200);
  expect(reportA.body).toMatchObject({
    session: { id: a.id, prefix: a.prefix },
    verdict: 'pass',
    tokens: { 'retry-twice': { calls: 3, statuses: { '503': 2, '200': 1 }, retries: 2 } },
    unknownTokens: { count: 0, top: [] },
    unusedTokens: ['alice'],
    caller: { requests: 3 },
  });
  expect(reportA.body.warnings).toEqual([
    'the run: unusedTokens expected none by default, seen 1 ("alice"); write expect: { unusedTokens: ignore } at the top of a file to allow it, or fail to fail on it',
  ]);
  const reportB = await adminCall(t.url, 'GET', `/__admin/sessions/${b.id}/report`);
  expect(reportB.body).toMatchObject({
    verdict: 'fail',
    failures: [`${t.dir.path}/a.yaml:4:15 token "retry-twice": calls expected at most 3, seen 4`],
    unknownTokens: { count: 1, top: [{ token: 'nobody', count: 1 }] },
    // No tokens named: no unused judgement.
    unusedTokens: [],
    warnings: [],
  });
  // The run-wide report sees every request, a session's under T.
  const run = await adminCall(t.url, 'GET', '/__admin/report');
  expect(run.body).toMatchObject({ tokens: { 'retry-twice': { calls: 7 }, nobody: { calls: 1 } } });
  const junit = await fetch(`${t.url}/__admin/sessions/${b.id}/report?format=junit`);
  expect(junit.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(await junit.text()).toContain('calls expected at most 3, seen 4');
});

test('a session has its own journal and its own runtime tokens', async () => {
  const a = await openSession();
  const b = await openSession();
  const put = await adminCall(t.url, 'PUT', `/__admin/sessions/${a.id}/tokens/carol`, jsonBody({ status: 418 }));
  expect(put.status).toBe(201);
  expect(await statuses(`${a.prefix}carol`, 1)).toEqual([418]);
  expect(await statuses(`${b.prefix}carol`, 1)).toEqual([404]);
  expect(await statuses('carol', 1)).toEqual([404]);
  const journal = await adminCall(t.url, 'GET', `/__admin/sessions/${a.id}/requests`);
  expect(
    (journal.body.requests as { token: string; session: string; status: number }[]).map((r) => [
      r.token,
      r.session,
      r.status,
    ]),
  ).toEqual([[`${a.prefix}carol`, a.id, 418]]);
  const removed = await adminCall(t.url, 'DELETE', `/__admin/sessions/${a.id}/tokens/carol`);
  expect(removed.body).toEqual({ token: 'carol', removed: true });
  expect(await statuses(`${a.prefix}carol`, 1)).toEqual([404]);
});

test('DELETE ends a session with its final report; its prefix is then an ordinary unknown token', async () => {
  const a = await openSession({ tokens: ['alice'] });
  await statuses(`${a.prefix}alice`, 2);
  const ended = await adminCall(t.url, 'DELETE', `/__admin/sessions/${a.id}`);
  expect(ended.status).toBe(200);
  expect(ended.body).toMatchObject({ verdict: 'pass', tokens: { alice: { calls: 2 } }, unusedTokens: [] });
  const again = await adminCall(t.url, 'GET', `/__admin/sessions/${a.id}/report`);
  expect(again.status).toBe(404);
  expect(again.body.error).toBe(
    `there is no session "${a.id}": it was never opened, was ended (DELETE), or went unused past its ttl; GET /__admin/sessions lists the live ones`,
  );
  expect(await statuses(`${a.prefix}alice`, 1)).toEqual([404]);
  const list = await adminCall(t.url, 'GET', '/__admin/sessions');
  expect((list.body.sessions as { id: string }[]).map((s) => s.id)).not.toContain(a.id);
});
