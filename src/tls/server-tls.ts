import { createSecureContext, type TlsOptions as NodeTlsOptions } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import os from 'node:os';
import { issueCertificate, type IssuedCertificate } from './issue-certificate';

/** How a simulator serves HTTPS; `tls: {}` (or `true`) alone makes a self-signed certificate. */
export interface TlsOptions {
  /** PEM of the server certificate (intermediates after it) and of its key: both or neither. */
  readonly cert?: string | Buffer;
  readonly key?: string | Buffer;
  /** PEM of the CA(s) a client certificate must be signed by: mutual TLS. */
  readonly clientCa?: string | Buffer;
  /**
   * With `clientCa`: a caller with no valid client certificate still completes the handshake and
   * gets the caller-refused answer (`callerAuthFailed:`, else 401) instead of a failed handshake.
   */
  readonly clientOptional?: boolean;
}

/** What a running simulator serves over TLS, for tests and the start banner. */
export interface ServedTls {
  /** The server certificate, PEM: hand it to a client's trust store (`ca` in Node, `--cacert` in curl). */
  readonly certificate: string;
  readonly fingerprint256: string;
  readonly selfSigned: boolean;
  /** Client certificates: required, optional (answered in HTTP), or not asked for. */
  readonly clientCertificates: 'required' | 'optional' | 'off';
}

/** The TLS options were unusable (a missing half, a file that is not PEM, a key that does not match). */
export class TlsSetupError extends Error {}

/** Node's server options and the description of what they serve; throws TlsSetupError with what to fix. */
export function serverTls(
  options: TlsOptions | true,
  host: string,
): { readonly serverOptions: NodeTlsOptions; readonly served: ServedTls } {
  const given = options === true ? {} : options;
  if ((given.cert === undefined) !== (given.key === undefined))
    throw new TlsSetupError(
      `a TLS certificate needs its key and a key its certificate: give both (--tls-cert and --tls-key), or neither for a self-signed one (--tls)`,
    );
  if (given.clientOptional && given.clientCa === undefined)
    throw new TlsSetupError(
      'client certificates can only be optional when they are asked for: give the client CA too (--tls-client-ca)',
    );
  const own =
    given.cert !== undefined && given.key !== undefined
      ? { cert: String(given.cert), key: String(given.key) }
      : undefined;
  const pair = own ?? selfSignedFor(host);
  const fingerprint256 = fingerprintOf(pair.cert, 'certificate');
  if (given.clientCa !== undefined) fingerprintOf(String(given.clientCa), 'client CA');
  const clientCertificates = given.clientCa === undefined ? 'off' : given.clientOptional ? 'optional' : 'required';
  const serverOptions: NodeTlsOptions = {
    cert: pair.cert,
    key: pair.key,
    ...(given.clientCa !== undefined
      ? { ca: given.clientCa, requestCert: true, rejectUnauthorized: !given.clientOptional }
      : {}),
  };
  try {
    // Built once here so a key that does not match its certificate is reported before listening.
    createSecureContext(serverOptions);
  } catch (error) {
    throw new TlsSetupError(`the TLS certificate and key do not work together: ${(error as Error).message}`);
  }
  return {
    serverOptions,
    served: { certificate: pair.cert, fingerprint256, selfSigned: own === undefined, clientCertificates },
  };
}

function fingerprintOf(pem: string, what: string): string {
  try {
    return new X509Certificate(pem).fingerprint256;
  } catch {
    throw new TlsSetupError(
      `the TLS ${what} is not a PEM certificate (it should start with "-----BEGIN CERTIFICATE-----")`,
    );
  }
}

/** Addresses that mean "every interface": the certificate then names this machine's own names. */
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);

/**
 * A self-signed server certificate for `host` (what `--tls` serves): valid for that host and for
 * localhost, 127.0.0.1 and ::1, so `curl --cacert` works whichever of them the caller uses.
 */
function selfSignedFor(host: string): IssuedCertificate {
  const named = ANY_ADDRESS.has(host) ? [os.hostname()] : [host];
  const hosts = [...new Set([...named, 'localhost', '127.0.0.1', '::1'])];
  return issueCertificate({ commonName: named[0], organization: 'auth-sim self-signed', hosts });
}
