import { issueCertificate, type IssuedCertificate } from '../../src/tls/issue-certificate';
import { oncePerRun } from './test-run-dir';

/** The certificates the TLS tests need, made in the test (no files, no network). */
export interface TestPki {
  /** The CA the simulator trusts for client certificates, and that signs `server`. */
  readonly ca: IssuedCertificate;
  /** A CA nobody trusts. */
  readonly foreignCa: IssuedCertificate;
  /** A server certificate for 127.0.0.1 and localhost, signed by `ca`. */
  readonly server: IssuedCertificate;
  readonly client: IssuedCertificate;
  /** Signed by `ca`, but its validity ended yesterday. */
  readonly expired: IssuedCertificate;
  /** Signed by `foreignCa`. */
  readonly foreign: IssuedCertificate;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * This run's set, issued once by the first suite that asks: six native RSA-2048 keys still cost
 * about a second of CPU, and no suite changes a certificate.
 */
export function testPki(): Promise<TestPki> {
  return oncePerRun('test-pki', 'the certificates another suite issues', async () => makeTestPki());
}

/** Issues a fresh set. */
function makeTestPki(): TestPki {
  const ca = issueCertificate({ commonName: 'Test Root CA', organization: 'Acme Chat', isCa: true });
  const foreignCa = issueCertificate({ commonName: 'Foreign Root CA', organization: 'Elsewhere', isCa: true });
  return {
    ca,
    foreignCa,
    server: issueCertificate({ commonName: '127.0.0.1', hosts: ['127.0.0.1', 'localhost'], issuer: ca }),
    client: issueCertificate({ commonName: 'chat-server', organization: 'Acme Chat', issuer: ca }),
    expired: issueCertificate({
      commonName: 'old-chat-server',
      organization: 'Acme Chat',
      issuer: ca,
      notBefore: new Date(Date.now() - 30 * DAY_MS),
      notAfter: new Date(Date.now() - DAY_MS),
    }),
    foreign: issueCertificate({ commonName: 'intruder', organization: 'Elsewhere', issuer: foreignCa }),
  };
}
