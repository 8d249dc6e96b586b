import { startSimulator, type SimulatorHandle } from '../../../src/api/start-simulator';
import { getClient } from '../../helpers/test-simulator';
import { waitFor } from '../../helpers/wait-for';

const ALICE = {
  tokens: {
    alice: { client: { id: '1', name: 'A', surname: 'A', firstname: 'A', type: '1', enabled: true } },
  },
};

let sim: SimulatorHandle;
beforeEach(async () => (sim = await startSimulator({ scenarios: ALICE, seed: 1 })));
afterEach(() => sim.close());

const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${sim.adminUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

test('POST /outage with a status makes every token answer it until DELETE /outage lifts it', async () => {
  const started = await admin('POST', '/outage', { status: 503 });
  expect(started.status).toBe(200);
  expect(await started.json()).toEqual({
    active: true,
    since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    until: null,
    entry: { status: 503 },
  });
  expect((await getClient(sim.url, 'alice')).status).toBe(503);
  expect((await getClient(sim.url, 'nobody')).status).toBe(503);
  const lifted = await admin('DELETE', '/outage');
  expect(await lifted.json()).toEqual({ lifted: true });
  expect((await getClient(sim.url, 'alice')).status).toBe(200);
  expect(await (await admin('GET', '/outage')).json()).toEqual({
    active: false,
    since: null,
    until: null,
    entry: null,
  });
});

test('the journal marks requests answered during an outage', async () => {
  await admin('POST', '/outage', { status: 503, body: 'none' });
  await getClient(sim.url, 'alice');
  await admin('DELETE', '/outage');
  await getClient(sim.url, 'alice');
  const [after, during] = await sim.requests();
  expect([during.status, during.matched, during.entry]).toEqual([503, 'outage', '(outage)']);
  expect([after.status, after.matched]).toEqual([200, 'token']);
});

test('an outage with a fault acts it out, and one with "for" lifts itself', async () => {
  await admin('POST', '/outage', { fault: 'reset', for: '300ms' });
  await expect(fetch(`${sim.url}/rest/chat/client/id/alice`)).rejects.toThrow('fetch failed');
  await waitFor(async () => (await getClient(sim.url, 'alice')).status === 200, { what: 'the outage to end' });
});

test('a bad outage is refused with a reason and changes nothing', async () => {
  const badFor = await admin('POST', '/outage', { status: 503, for: 'soon' });
  expect(badFor.status).toBe(400);
  expect(((await badFor.json()) as { error: string }).error).toBe(
    'the outage was not started: POST /__admin/outage:1:1 "for" must be a duration such as "30s", "500ms" or "2m", got "soon"',
  );
  const badFault = await admin('POST', '/outage', { fault: 'rest' });
  expect(badFault.status).toBe(400);
  expect(((await badFault.json()) as { error: string }).error).toMatch(/did you mean "reset"\?/);
  const empty = await admin('POST', '/outage', {});
  expect(((await empty.json()) as { error: string }).error).toBe(
    'the outage was not started: POST /__admin/outage:1:1 say what every token gets during the outage, e.g. {"status": 503} or {"fault": "reset"}',
  );
  expect((await getClient(sim.url, 'alice')).status).toBe(200);
});

test('the jest handle starts and ends an outage', async () => {
  await sim.startOutage({ status: 500 });
  expect((await getClient(sim.url, 'alice')).status).toBe(500);
  await expect(sim.startOutage({ status: 'soon' as unknown as number })).rejects.toThrow(
    'auth-sim: the outage was not started:',
  );
  expect(await sim.endOutage()).toBe(true);
  expect(await sim.endOutage()).toBe(false);
  expect((await getClient(sim.url, 'alice')).status).toBe(200);
});

test('reset lifts an outage', async () => {
  await sim.startOutage({ status: 503 });
  await sim.reset();
  expect((await getClient(sim.url, 'alice')).status).toBe(200);
});
