import { startSimulator, type SimulatorHandle } from '../../src/index';
import { testPki, type TestPki } from '../helpers/certificates';
import { protocolRequest, type ClientTls } from '../helpers/https-request';

const SCENARIOS = { tokens: { alice: { status: 200, errorCode: 'OK', errorText: 'alice' } } };
const ALICE = '{"errorCode":"OK","errorText":"alice"}';
const UNAUTHORIZED = '{"errorCode":"UNAUTHORIZED","errorText":"the caller is not authenticated"}';

let pki: TestPki;
beforeAll(async () => {
  pki = await testPki();
});

/** The client side of each case: trust the server's CA, present (or not) a client certificate. */
function as(who: 'valid' | 'expired' | 'foreign' | 'none'): ClientTls {
  const pair = { valid: pki.client, expired: pki.expired, foreign: pki.foreign, none: undefined }[who];
  return { ca: pki.ca.cert, ...(pair ? { cert: pair.cert, key: pair.key } : {}) };
}

describe('--tls-client-ca: a client certificate signed by the CA is required', () => {
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await startSimulator({
      scenarios: SCENARIOS,
      tls: { cert: pki.server.cert, key: pki.server.key, clientCa: pki.ca.cert },
    });
  });
  afterAll(() => sim.close());

  test.each(['GET', 'POST'] as const)(
    '%s with a valid client certificate is answered, and the journal shows its subject',
    async (method) => {
      await sim.reset();
      const res = await protocolRequest(sim.url, method, 'alice', as('valid'));
      expect([res.error, res.status, res.text]).toEqual([null, 200, ALICE]);
      const [entry] = await sim.requests();
      expect(entry).toMatchObject({
        method,
        token: 'alice',
        status: 200,
        matched: 'token',
        clientCert: 'CN=chat-server, O=Acme Chat',
        refused: null,
      });
    },
  );

  test.each([
    ['expired', 'ECONNRESET'],
    ['foreign', 'ECONNRESET'],
    ['none', 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED'],
  ] as const)(
    'a caller with %s client certificate fails the handshake (the client sees %s) and reaches no endpoint',
    async (who, code) => {
      await sim.reset();
      for (const method of ['GET', 'POST'] as const)
        expect((await protocolRequest(sim.url, method, 'alice', as(who))).error).toBe(code);
      expect(await sim.requests()).toEqual([]);
    },
  );
});

describe('--tls-client-optional: the handshake lets every caller in and HTTP answers those without a valid certificate', () => {
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await startSimulator({
      scenarios: SCENARIOS,
      tls: { cert: pki.server.cert, key: pki.server.key, clientCa: pki.ca.cert, clientOptional: true },
    });
  });
  afterAll(() => sim.close());

  test.each([
    ['valid', 200, ALICE, null, 'CN=chat-server, O=Acme Chat'],
    ['expired', 401, UNAUTHORIZED, 'client certificate refused: CERT_HAS_EXPIRED', 'CN=old-chat-server, O=Acme Chat'],
    [
      'foreign',
      401,
      UNAUTHORIZED,
      'client certificate refused: UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'CN=intruder, O=Elsewhere',
    ],
    ['none', 401, UNAUTHORIZED, 'no client certificate', null],
  ] as const)(
    'a caller with a %s certificate gets %i; the journal says why and shows the subject',
    async (who, status, body, refused, subject) => {
      for (const method of ['GET', 'POST'] as const) {
        await sim.reset();
        const res = await protocolRequest(sim.url, method, 'alice', as(who));
        expect([res.error, res.status, res.text, res.headers['www-authenticate']]).toEqual([
          null,
          status,
          body,
          undefined,
        ]);
        const [entry] = await sim.requests();
        expect(entry).toMatchObject({
          method,
          token: 'alice',
          status,
          refused,
          clientCert: subject,
          matched: refused ? 'refused' : 'token',
        });
      }
    },
  );

  test('the refusal is the callerAuthFailed entry when a scenario file writes one', async () => {
    const own = await startSimulator({
      scenarios: {
        ...SCENARIOS,
        callerAuthFailed: { status: 403, errorCode: 'CERTIFICATE_REQUIRED', errorText: 'present your certificate' },
      },
      tls: { cert: pki.server.cert, key: pki.server.key, clientCa: pki.ca.cert, clientOptional: true },
    });
    try {
      const res = await protocolRequest(own.url, 'POST', 'alice', as('expired'));
      expect([res.status, res.text]).toEqual([
        403,
        '{"errorCode":"CERTIFICATE_REQUIRED","errorText":"present your certificate"}',
      ]);
      expect((await own.requests())[0]).toMatchObject({
        matched: 'refused',
        entry: '<inline 1>:9',
        refused: 'client certificate refused: CERT_HAS_EXPIRED',
      });
    } finally {
      await own.close();
    }
  });
});
