import https from 'node:https';
import { X509Certificate } from 'node:crypto';
import { startSimulator, TlsSetupError, type SimulatorHandle } from '../../src/index';
import { testPki, type TestPki } from '../helpers/certificates';
import { httpsRequest, protocolRequest } from '../helpers/https-request';

const SCENARIOS = {
  tokens: {
    alice: {
      client: { id: '1', name: 'Alice Liddell', surname: 'Liddell', firstname: 'Alice', type: '0', enabled: true },
    },
  },
};
const ALICE =
  '{"client":{"id":"1","name":"Alice Liddell","surname":"Liddell","firstname":"Alice","type":"0","enabled":"true"}}';

let pki: TestPki;
beforeAll(async () => {
  pki = await testPki();
});

describe('--tls alone: a self-signed certificate made at start', () => {
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await startSimulator({ scenarios: SCENARIOS, tls: true });
  });
  afterAll(() => sim.close());

  test('serves both endpoints over HTTPS to a client that trusts the certificate it exposes', async () => {
    expect(sim.url).toBe(`https://127.0.0.1:${sim.port}`);
    for (const method of ['GET', 'POST'] as const) {
      const res = await protocolRequest(sim.url, method, 'alice', { ca: sim.tls!.certificate });
      expect([res.error, res.status, res.text]).toEqual([null, 200, ALICE]);
    }
  });

  test('the fingerprint it reports is the certificate the client sees, made for the listening host', async () => {
    const res = await protocolRequest(sim.url, 'GET', 'alice', { ca: sim.tls!.certificate });
    expect(res.serverCert!.fingerprint256).toBe(sim.tls!.fingerprint256);
    expect(new X509Certificate(sim.tls!.certificate).fingerprint256).toBe(sim.tls!.fingerprint256);
    expect(res.serverCert!.subject.CN).toBe('127.0.0.1');
    expect(res.serverCert!.subjectaltname).toBe('IP Address:127.0.0.1, DNS:localhost, IP Address:0:0:0:0:0:0:0:1');
    expect(sim.tls!.selfSigned).toBe(true);
  });

  test('a client that does not trust it fails the handshake', async () => {
    expect((await protocolRequest(sim.url, 'GET', 'alice')).error).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect((await protocolRequest(sim.url, 'POST', 'alice', { ca: pki.ca.cert })).error).toBe(
      'DEPTH_ZERO_SELF_SIGNED_CERT',
    );
  });

  test('keeps connections alive between requests, and serves the admin API on the same port', async () => {
    const agent = new https.Agent({ keepAlive: true, maxSockets: 1, ca: sim.tls!.certificate });
    try {
      const first = await protocolRequest(sim.url, 'GET', 'alice', { agent });
      const second = await protocolRequest(sim.url, 'POST', 'alice', { agent });
      expect([first.status, first.reused, second.status, second.reused]).toEqual([200, false, 200, true]);
      const health = await httpsRequest(`${sim.adminUrl}/health`, { agent });
      expect(health.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

describe("--tls-cert and --tls-key: the user's own certificate", () => {
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await startSimulator({ scenarios: SCENARIOS, tls: { cert: pki.server.cert, key: pki.server.key } });
  });
  afterAll(() => sim.close());

  test('a client trusting the CA that signed it gets answers on GET and POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await protocolRequest(sim.url, method, 'alice', { ca: pki.ca.cert });
      expect([res.error, res.status, res.text]).toEqual([null, 200, ALICE]);
    }
    expect(sim.tls).toMatchObject({
      selfSigned: false,
      fingerprint256: pki.server.fingerprint256,
      clientCertificates: 'off',
    });
  });

  test('a client trusting another CA, or only the system store, fails the handshake', async () => {
    expect((await protocolRequest(sim.url, 'GET', 'alice', { ca: pki.foreignCa.cert })).error).toBe(
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    );
    expect((await protocolRequest(sim.url, 'POST', 'alice')).error).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });
});

test.each([
  [
    { cert: 'x' },
    'a TLS certificate needs its key and a key its certificate: give both (--tls-cert and --tls-key), or neither for a self-signed one (--tls)',
  ],
  [
    { cert: 'not a certificate', key: 'not a key' },
    'the TLS certificate is not a PEM certificate (it should start with "-----BEGIN CERTIFICATE-----")',
  ],
  [
    { clientOptional: true },
    'client certificates can only be optional when they are asked for: give the client CA too (--tls-client-ca)',
  ],
])('unusable TLS options %j fail the start with what to fix', async (tls, message) => {
  const start = startSimulator({ tls });
  await expect(start).rejects.toThrow(TlsSetupError);
  await expect(start).rejects.toThrow(message);
});

test('a key that does not belong to the certificate fails the start before listening', async () => {
  await expect(startSimulator({ tls: { cert: pki.server.cert, key: pki.client.key } })).rejects.toThrow(
    /^the TLS certificate and key do not work together: .*key values mismatch/,
  );
});
