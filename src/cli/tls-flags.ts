import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Option } from 'commander';
import {
  CALLER_AUTH_FORMS,
  describeCredential,
  parseCallerCredential,
  parseCallerCredentials,
  splitCredentialList,
  type CallerCredential,
} from '../caller-auth/caller-credentials';
import type { SimulatorOptions } from '../server/run-simulator';
import type { ServedTls } from '../tls/server-tls';
import { collect } from './default-scenarios';

/** The serve flags for HTTPS, mutual TLS and caller authentication. */
export interface TlsFlags {
  tls?: boolean;
  tlsCert?: string;
  tlsKey?: string;
  tlsClientCa?: string;
  tlsClientOptional?: boolean;
  callerAuth?: string[];
}

/** Where AUTH_SIM_CALLER_AUTH's credentials come from: one a line, added to --caller-auth's. */
const CALLER_AUTH_ENV = 'AUTH_SIM_CALLER_AUTH';

/** The options, in help order; serve.ts adds each to its command. */
export const TLS_OPTIONS: readonly Option[] = [
  new Option(
    '--tls',
    'serve HTTPS with a self-signed certificate made at start for --host; prints its fingerprint and writes it where a trust store can take it',
  ),
  new Option(
    '--tls-cert <pem>',
    'serve HTTPS with this certificate (PEM file, intermediates after it); needs --tls-key',
  ),
  new Option('--tls-key <pem>', 'the private key of --tls-cert (PEM file)'),
  new Option(
    '--tls-client-ca <pem>',
    'mutual TLS: require a client certificate signed by this CA (PEM file); others fail the handshake',
  ),
  new Option(
    '--tls-client-optional',
    'with --tls-client-ca: a caller without a valid client certificate gets the callerAuthFailed answer (default 401) instead of a failed handshake',
  ),
  new Option(
    '--caller-auth <credential>',
    `demand a credential from the chat server: ${CALLER_AUTH_FORMS}; repeat to accept several; ${CALLER_AUTH_ENV} adds more, one a line`,
  ).argParser(collect),
];

/** The simulator options these flags set: files read, combinations checked. Throws with what to fix. */
export function tlsSettings(flags: TlsFlags): Pick<SimulatorOptions, 'tls' | 'callerAuth'> {
  const own = flags.tlsCert !== undefined || flags.tlsKey !== undefined;
  if (flags.tls && own)
    throw new Error('--tls makes a self-signed certificate; to serve your own, give only --tls-cert and --tls-key');
  if (own && (flags.tlsCert === undefined || flags.tlsKey === undefined))
    throw new Error('--tls-cert and --tls-key go together: give both');
  if (flags.tlsClientCa !== undefined && !flags.tls && !own)
    throw new Error('--tls-client-ca needs HTTPS: add --tls, or --tls-cert and --tls-key');
  if (flags.tlsClientOptional && flags.tlsClientCa === undefined)
    throw new Error('--tls-client-optional needs --tls-client-ca (the CA client certificates are checked against)');
  const fromEnv = process.env[CALLER_AUTH_ENV] === undefined ? [] : splitCredentialList(process.env[CALLER_AUTH_ENV]);
  // Checked here rather than by commander's argParser, whose message would repeat the value.
  const problems = [
    ...parseCallerCredentials(flags.callerAuth ?? [], '--caller-auth').problems,
    ...parseCallerCredentials(fromEnv, CALLER_AUTH_ENV).problems,
  ];
  if (problems.length > 0) throw new Error(problems.join('\n'));
  const callerAuth = [...(flags.callerAuth ?? []), ...fromEnv];
  const clientCa = flags.tlsClientCa === undefined ? undefined : readPem(flags.tlsClientCa, '--tls-client-ca');
  const tls =
    flags.tls || own
      ? {
          ...(own ? { cert: readPem(flags.tlsCert!, '--tls-cert'), key: readPem(flags.tlsKey!, '--tls-key') } : {}),
          ...(clientCa ? { clientCa, clientOptional: Boolean(flags.tlsClientOptional) } : {}),
        }
      : undefined;
  return { ...(tls ? { tls } : {}), ...(callerAuth.length > 0 ? { callerAuth } : {}) };
}

/**
 * Writes the certificate `--tls` made (public: no key) for the user's trust store; returns the
 * path: a folder of its own made by mkdtemp (private, a fresh name each start) and a file created
 * exclusively, so nothing planted in the shared temp dir (a symlink at a predictable name) can make
 * it write elsewhere. Named by host and port, to say which simulator it belongs to. The folder is
 * removed as the process exits (Ctrl-C, SIGTERM and the end of `run` all exit through
 * process.exit): a certificate made for one start is worth nothing after it, and a CI runner would
 * otherwise collect one folder per run.
 */
export function writeSelfSignedCert(served: ServedTls, host: string, port: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-sim-tls-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, `${host.replace(/[^\w.-]/g, '_')}-${port}-cert.pem`);
  fs.writeFileSync(file, served.certificate, { flag: 'wx', mode: 0o644 });
  return file;
}

/** The start banner's lines about TLS and callers; never a secret. */
export function describeSecurity(
  served: ServedTls | null,
  certPath: string | null,
  flags: TlsFlags,
  callerAuth: readonly string[],
): string[] {
  const lines: string[] = [];
  if (served) {
    const what = served.selfSigned
      ? `a self-signed certificate made at start, written to ${certPath}`
      : `the certificate in ${flags.tlsCert}`;
    lines.push(`HTTPS with ${what}; SHA-256 fingerprint ${served.fingerprint256}`);
    if (served.clientCertificates !== 'off') {
      const how =
        served.clientCertificates === 'required'
          ? 'required; others fail the handshake'
          : 'checked; others get the callerAuthFailed answer (default 401)';
      lines.push(`client certificates signed by ${flags.tlsClientCa}: ${how}`);
    }
  }
  if (callerAuth.length > 0) {
    const accepted = callerAuth
      .map((spec) => parseCallerCredential(spec))
      .filter((c): c is CallerCredential => !('problem' in c));
    lines.push(`callers must authenticate with ${accepted.map(describeCredential).join(' or ')}`);
  }
  return lines;
}

function readPem(file: string, flag: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `${flag}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      { cause: error },
    );
  }
}
