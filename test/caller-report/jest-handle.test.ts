import { startSimulator, type SimulatorHandle } from '../../src';

let sim: SimulatorHandle;
beforeAll(async () => {
  sim = await startSimulator({
    scenarios: {
      expect: { unknownTokens: 0 },
      tokens: { alice: { status: 503, expect: { calls: { atMost: 1 } } } },
    },
  });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

test('verify() resolves with the report when the verdict passes', async () => {
  await fetch(`${sim.url}/rest/chat/client/id/alice`);
  const report = await sim.verify();
  expect(report).toMatchObject({
    verdict: 'pass',
    failures: [],
    tokens: { alice: { calls: 1, statuses: { '503': 1 } } },
  });
});

test('verify() rejects with an Error listing every failure, placed in the inline scenario', async () => {
  await fetch(`${sim.url}/rest/chat/client/id/alice`);
  await fetch(`${sim.url}/rest/chat/client/id/alice`);
  await fetch(`${sim.url}/rest/chat/client/id/alise`);
  await expect(sim.verify()).rejects.toThrow(
    'auth-sim: the caller report fails:\n' +
      '  <inline 1>:9:9 token "alice": calls expected at most 1, seen 2\n' +
      '  <inline 1>:3:5 the run: unknownTokens expected 0, seen 1 ("alise")',
  );
  expect((await sim.report()).unknownTokens.top).toEqual([{ token: 'alise', count: 1, nearMisses: ['alice'] }]);
});

test('report: false turns the report off, and report() says so', async () => {
  const off = await startSimulator({ report: false });
  try {
    await expect(off.report()).rejects.toThrow('auth-sim: the caller report is off (started with report: false)');
  } finally {
    await off.close();
  }
});
