import os from 'node:os';
import { issueCertificate, type IssuedCertificate } from './issue-certificate';

/** Addresses that mean "every interface": the certificate then names this machine's own names. */
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);

/**
 * A self-signed server certificate for `host` (what `--tls` serves): valid for that host and for
 * localhost, 127.0.0.1 and ::1, so `curl --cacert` works whichever of them the caller uses.
 */
export function selfSignedFor(host: string): IssuedCertificate {
  const named = ANY_ADDRESS.has(host) ? [os.hostname()] : [host];
  const hosts = [...new Set([...named, 'localhost', '127.0.0.1', '::1'])];
  return issueCertificate({ commonName: named[0], organization: 'auth-sim self-signed', hosts });
}
