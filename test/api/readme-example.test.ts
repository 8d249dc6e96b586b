import { startSimulator, type SimulatorHandle } from 'auth-sim';

let sim: SimulatorHandle;

beforeAll(async () => {
  sim = await startSimulator({
    scenarios: {
      tokens: {
        alice: {
          client: {
            id: '100500',
            name: 'Ivanova Alisa',
            surname: 'Ivanova',
            firstname: 'Alisa',
            type: '0',
            enabled: true,
          },
        },
        expired: { status: 401, errorCode: 'TOKEN_EXPIRED', errorText: 'token expired' },
        'retry-twice': {
          expect: { calls: { atMost: 3 } },
          sequence: [
            { status: 503, body: 'none' },
            { status: 503, body: 'none' },
            {
              client: {
                id: '7',
                name: 'Patient Pavel',
                surname: 'Patient',
                firstname: 'Pavel',
                type: '0',
                enabled: true,
              },
            },
          ],
        },
      },
    },
  });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

test('a known token gets its client card, every scalar a string', async () => {
  const res = await fetch(`${sim.url}/rest/chat/client/id/alice`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    client: { id: '100500', name: 'Ivanova Alisa', surname: 'Ivanova', firstname: 'Alisa', type: '0', enabled: 'true' },
  });
});

test('the journal shows what was asked and what was answered', async () => {
  await fetch(`${sim.url}/rest/chat/client/id/`, { method: 'POST', headers: { token: 'expired' } });
  await fetch(`${sim.url}/rest/chat/client/id/alise`);
  const [typo, expired] = await sim.requests();
  expect(expired).toMatchObject({ method: 'POST', token: 'expired', origin: 'header', status: 401 });
  expect(typo).toMatchObject({ token: 'alise', status: 404, matched: 'fallback', nearMisses: ['alice'] });
});

test('a token can be changed for one test; reset puts the scenarios back', async () => {
  await sim.setToken('alice', { status: 503, body: 'none' });
  expect((await fetch(`${sim.url}/rest/chat/client/id/alice`)).status).toBe(503);
  await sim.reset();
  expect((await fetch(`${sim.url}/rest/chat/client/id/alice`)).status).toBe(200);
});

test('the caller report judges the chat server: retries, back-off, time-outs, caching', async () => {
  await fetch(`${sim.url}/rest/chat/client/id/alice`);
  const report = await sim.report();
  expect(report.tokens.alice).toMatchObject({ calls: 1, retries: 0, backoff: 'none', callsAfterCard: 0 });
  await sim.verify(); // rejects with every failed expect: as file:line:column, expected vs seen
});

test("a session: this test's own sequence and verdict, and waitFor instead of a sleep", async () => {
  const s = await sim.session({ tokens: ['retry-twice'] });
  // The chat server under test gets s.token('retry-twice') and fetches the card in the background.
  void chatServerLogin(s.token('retry-twice'));
  const entry = await s.waitFor({ token: 'retry-twice', calls: 3 }, { timeout: '5s' });
  expect(entry).toMatchObject({ calls: 3, statuses: { '503': 2, '200': 1 }, retries: 2 });
  await s.verify(); // this session's requests only, judged by retry-twice's expect:
  await s.end();
});

/** Stands in for the chat server: asks for the card, retrying a 503. */
async function chatServerLogin(token: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(`${sim.url}/rest/chat/client/id/${token}`);
    if (res.status === 200) return;
  }
}
