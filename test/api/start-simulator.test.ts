import { ScenarioError, startSimulator, type ScenarioEntry } from '../../src/index';
import { makeTempDir } from '../helpers/temp-dir';
import { getClient } from '../helpers/test-simulator';

const NO_BODY: ScenarioEntry = { status: 204, body: 'none' };

test('with no options it listens on a free port and answers every token with the fallback', async () => {
  const sim = await startSimulator();
  try {
    expect(sim.port).toBeGreaterThan(0);
    expect(sim.url).toBe(`http://127.0.0.1:${sim.port}`);
    expect(sim.adminUrl).toBe(`${sim.url}/__admin`);
    const res = await getClient(sim.url, 'anyone');
    expect(res.status).toBe(404);
    expect(res.text).toBe('{"errorCode":"CLIENT_NOT_FOUND","errorText":"client not found"}');
  } finally {
    await sim.close();
  }
});

test('scenarios can mix paths and values, and status() names them all', async () => {
  const dir = makeTempDir();
  const file = dir.write('disk.yaml', 'tokens:\n  from-disk: { status: 202, body: none }\n');
  const sim = await startSimulator({
    scenarios: [file, { tokens: { 'from-value': NO_BODY } }, { fallback: { status: 410, body: 'none' } }],
  });
  try {
    expect((await getClient(sim.url, 'from-disk')).status).toBe(202);
    expect((await getClient(sim.url, 'from-value')).status).toBe(204);
    expect((await getClient(sim.url, 'other')).status).toBe(410);
    const status = sim.status();
    expect(status.files.map((f) => f.replace(/^.*[\\/]/, ''))).toEqual(['disk.yaml', '<inline 1>', '<inline 2>']);
    expect(status.tokens).toBe(2);
    expect(status.runtimeTokens).toEqual([]);
  } finally {
    await sim.close();
    dir.remove();
  }
});

test('invalid scenarios throw an error listing each problem as file:line:column', async () => {
  // @ts-expect-error a misspelt key is a compile error in TypeScript; JavaScript callers reach the run-time check
  const start = startSimulator({ scenarios: { tokens: { alice: { statsu: 200 } } } });
  await expect(start).rejects.toThrow(ScenarioError);
  await expect(start).rejects.toThrow(
    'auth-sim: the scenarios did not load:\n  <inline 1>:4:7 tokens.alice.statsu is not a scenario entry field; did you mean "status"?',
  );
});

test('a missing path throws naming it', async () => {
  await expect(startSimulator({ scenarios: '/nonexistent/auth-sim/scenarios' })).rejects.toThrow(
    /^auth-sim: the scenarios did not load:\n {2}\/nonexistent\/auth-sim\/scenarios:1:1 cannot read \/nonexistent\/auth-sim\/scenarios: no such file or directory$/,
  );
});

describe('a running handle', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  beforeAll(async () => {
    sim = await startSimulator({ scenarios: { tokens: { alice: NO_BODY } } });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  test('setToken adds a token and removeToken takes it away', async () => {
    await sim.setToken('bob', { status: 418 });
    expect((await getClient(sim.url, 'bob')).status).toBe(418);
    expect(sim.status().runtimeTokens).toEqual(['bob']);
    expect(await sim.removeToken('bob')).toBe(true);
    expect(await sim.removeToken('bob')).toBe(false);
    expect((await getClient(sim.url, 'bob')).status).toBe(404);
  });

  test('setToken with an invalid entry throws every problem and changes nothing', async () => {
    await sim.setToken('bob', { status: 418 });
    // @ts-expect-error a wrong type and a misspelt key fail to compile in TypeScript; JavaScript callers reach the run-time check
    await expect(sim.setToken('bob', { status: 'x', errorCod: 'E' })).rejects.toThrow(
      'auth-sim: the entry for token "bob" was not set:\n' +
        '  setToken("bob"):3:3 errorCod is not a scenario entry field; did you mean "errorCode"?\n' +
        '  setToken("bob"):2:13 status must be an HTTP status from 200 to 599 (1xx are interim: the client would wait for an answer that never comes); got "x"',
    );
    expect((await getClient(sim.url, 'bob')).status).toBe(418);
  });

  test('requests() sees every answered request at once, and filters', async () => {
    await getClient(sim.url, 'alice');
    await getClient(sim.url, 'alic');
    expect((await sim.requests()).map((r) => r.token)).toEqual(['alic', 'alice']);
    expect(await sim.requests({ status: 404 })).toEqual([
      expect.objectContaining({ token: 'alic', nearMisses: ['alice'] }),
    ]);
  });

  test('reset() says what it cleared', async () => {
    await sim.setToken('bob', NO_BODY);
    await getClient(sim.url, 'bob');
    expect(await sim.reset()).toEqual({ requests: 1, runtimeTokens: 1, tokenStates: expect.any(Number) });
    expect(await sim.requests()).toEqual([]);
  });
});

test('with the journal off requests() says so', async () => {
  const sim = await startSimulator({ journalSize: 0 });
  try {
    await expect(sim.requests()).rejects.toThrow('auth-sim: the request journal is off (started with journalSize: 0)');
  } finally {
    await sim.close();
  }
});

test('onRequest hears each finished request', async () => {
  const heard: string[] = [];
  const sim = await startSimulator({
    journalSize: 0,
    onRequest: (e) => heard.push(`${e.method} ${e.token} ${e.status}`),
  });
  try {
    await getClient(sim.url, 'x');
    for (let i = 0; heard.length === 0 && i < 100; i++) await new Promise((r) => setImmediate(r));
    expect(heard).toEqual(['GET x 404']);
  } finally {
    await sim.close();
  }
});
