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
