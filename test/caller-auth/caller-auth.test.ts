import {
  CallerAuthError,
  issueCertificate,
  startSimulator,
  type IssuedCertificate,
  type ScenarioEntry,
  type ScenarioFile,
  type SimulatorHandle,
  type StartOptions,
} from '../../src/index';
import { protocolRequest } from '../helpers/https-request';

const SCENARIOS = { tokens: { alice: { status: 200, errorCode: 'OK', errorText: 'alice' } } };
const ALICE = '{"errorCode":"OK","errorText":"alice"}';
const UNAUTHORIZED = '{"errorCode":"UNAUTHORIZED","errorText":"the caller is not authenticated"}';
const basic = (userPassword: string) => ({ authorization: `Basic ${Buffer.from(userPassword).toString('base64')}` });

/** One server certificate for every simulator here: a key pair costs ~0.1-1 s on a busy machine. */
let server: IssuedCertificate;
beforeAll(() => {
  server = issueCertificate({ commonName: '127.0.0.1', hosts: ['127.0.0.1'] });
});

/** Starts an HTTPS simulator with `options`; requests trust its certificate. */
async function https(options: StartOptions): Promise<
  SimulatorHandle & {
    call(method: 'GET' | 'POST', token: string, headers?: Record<string, string>): ReturnType<typeof protocolRequest>;
  }
> {
  const sim = await startSimulator({ scenarios: SCENARIOS, tls: { cert: server.cert, key: server.key }, ...options });
  return Object.assign(sim, {
    call: (method: 'GET' | 'POST', token: string, headers: Record<string, string> = {}) =>
      protocolRequest(sim.url, method, token, { ca: sim.tls!.certificate }, headers),
  });
}

const SCHEMES = [
  {
    spec: 'basic:chat:S3cret:with:colons',
    right: basic('chat:S3cret:with:colons'),
    wrong: basic('chat:S3cret'),
    challenge: 'Basic realm="auth-sim", charset="UTF-8"',
  },
  {
    spec: 'bearer:T0ken-Secret',
    right: { authorization: 'Bearer T0ken-Secret' },
    wrong: { authorization: 'Bearer T0ken' },
    challenge: 'Bearer realm="auth-sim"',
  },
  {
    spec: 'header:X-Api-Key=K3y-Secret',
    right: { 'x-api-key': 'K3y-Secret' },
    wrong: { 'x-api-key': 'K3y' },
    challenge: undefined,
  },
];

describe.each(SCHEMES)('callerAuth $spec', ({ spec, right, wrong, challenge }) => {
  let sim: Awaited<ReturnType<typeof https>>;
  beforeAll(async () => {
    sim = await https({ callerAuth: [spec] });
  });
  afterAll(() => sim.close());

  test.each([
    ['right', right, 200, ALICE, undefined, null],
    ['wrong', wrong, 401, UNAUTHORIZED, challenge, 'wrong credentials'],
    ['missing', {}, 401, UNAUTHORIZED, challenge, 'no credentials'],
  ] as const)('%s credentials, on GET and POST', async (_case, headers, status, body, wwwAuthenticate, refused) => {
    for (const method of ['GET', 'POST'] as const) {
      await sim.reset();
      const res = await sim.call(method, 'alice', headers);
      expect([res.status, res.text, res.headers['www-authenticate']]).toEqual([status, body, wwwAuthenticate]);
      const journal = await sim.requests();
      expect(journal).toHaveLength(1);
      expect(journal[0]).toMatchObject({
        method,
        token: 'alice',
        status,
        refused,
        matched: refused ? 'refused' : 'token',
        entry: refused ? '(built-in callerAuthFailed)' : '<inline 1>:3',
      });
      expect(JSON.stringify(journal)).not.toMatch(/S3cret|T0ken|K3y/);
    }
  });
});

test('several credentials are accepted callers: any one passes, and the caller is checked before the request is read', async () => {
  const sim = await https({ callerAuth: ['basic:chat:one', 'basic:backup:two', 'header:X-Api-Key=k'] });
  try {
    expect((await sim.call('GET', 'alice', basic('chat:one'))).status).toBe(200);
    expect((await sim.call('POST', 'alice', basic('backup:two'))).status).toBe(200);
    expect((await sim.call('POST', 'alice', { 'x-api-key': 'k' })).status).toBe(200);
    expect((await sim.call('GET', 'alice', basic('chat:two'))).status).toBe(401);
    // No token in the POST: a service that checks its caller first answers 401, not 400.
    const noToken = await protocolRequest(sim.url, 'POST', '', { ca: sim.tls!.certificate });
    expect([noToken.status, noToken.headers['www-authenticate']]).toEqual([
      401,
      'Basic realm="auth-sim", charset="UTF-8"',
    ]);
  } finally {
    await sim.close();
  }
});

describe("a file's defaults.callerAuth guards that file's tokens only", () => {
  const guarded: ScenarioFile = {
    defaults: { callerAuth: ['bearer:FileT0ken'] },
    tokens: { bob: { status: 200, errorCode: 'OK', errorText: 'bob' } },
    fallback: { status: 404, errorCode: 'NONE', errorText: 'guarded fallback' },
  };

  test.each(['GET', 'POST'] as const)(
    "%s: its tokens and its fallback need the credential; other files' tokens do not",
    async (method) => {
      const sim = await https({ scenarios: [SCENARIOS, guarded] });
      try {
        expect((await sim.call(method, 'alice')).status).toBe(200);
        expect([
          (await sim.call(method, 'bob')).status,
          (await sim.call(method, 'bob', { authorization: 'Bearer nope' })).status,
        ]).toEqual([401, 401]);
        expect((await sim.call(method, 'bob', { authorization: 'Bearer FileT0ken' })).text).toBe(
          '{"errorCode":"OK","errorText":"bob"}',
        );
        expect((await sim.call(method, 'nobody')).status).toBe(401);
        expect((await sim.call(method, 'nobody', { authorization: 'bearer FileT0ken' })).text).toBe(
          '{"errorCode":"NONE","errorText":"guarded fallback"}',
        );
        const refused = await sim.requests({ status: 401 });
        expect(refused.map((e) => [e.token, e.refused, e.entry])).toEqual([
          ['nobody', 'no credentials', '(built-in callerAuthFailed for <inline 2>)'],
          ['bob', 'wrong credentials', '(built-in callerAuthFailed for <inline 2>)'],
          ['bob', 'no credentials', '(built-in callerAuthFailed for <inline 2>)'],
        ]);
      } finally {
        await sim.close();
      }
    },
  );
});

describe('callerAuthFailed: the refusal the user writes', () => {
  test.each<[ScenarioEntry, number | null, string, string | null]>([
    [
      { status: 403, errorCode: 'FORBIDDEN', errorText: 'not this caller' },
      403,
      '{"errorCode":"FORBIDDEN","errorText":"not this caller"}',
      null,
    ],
    [{ status: 401, body: 'none', headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } }, 401, '', null],
    [{ fault: 'reset' }, null, '', 'ECONNRESET'],
  ])('%j answers a refused caller on GET and POST', async (entry, status, body, error) => {
    const sim = await https({ scenarios: [SCENARIOS, { callerAuthFailed: entry }], callerAuth: ['bearer:T'] });
    try {
      for (const method of ['GET', 'POST'] as const) {
        const res = await sim.call(method, 'alice', { authorization: 'Bearer wrong' });
        expect([res.status, res.text, res.error]).toEqual([status, body, error]);
        if (status === 401) expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      }
      expect((await sim.call('GET', 'alice', { authorization: 'Bearer T' })).status).toBe(200);
      expect((await sim.requests()).map((e) => [e.matched, e.entry])).toEqual([
        ['token', '<inline 1>:3'],
        ['refused', '<inline 2>:2'],
        ['refused', '<inline 2>:2'],
      ]);
    } finally {
      await sim.close();
    }
  });
});

test('a malformed credential fails the start naming the form, never echoing the value', async () => {
  const start = startSimulator({ callerAuth: ['bearer:fine', 'basic:user-without-password'] });
  await expect(start).rejects.toThrow(CallerAuthError);
  await expect(start).rejects.toThrow(
    'callerAuth #2: a caller credential must be basic:USER:PASSWORD, bearer:TOKEN or header:NAME=VALUE (the basic form is basic:USER:PASSWORD); the value is not shown, it may hold a secret',
  );
});
