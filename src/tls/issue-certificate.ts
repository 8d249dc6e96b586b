import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import net from 'node:net';
import forge from 'node-forge';

/**
 * X.509 certificates made in-process, for `--tls` (a self-signed server certificate) and for
 * tests (a CA, client certificates, expired ones). Node's crypto parses certificates but cannot
 * write one; node-forge (CommonJS, no dependencies) signs them. `selfsigned` and
 * `@peculiar/x509` were considered: the first makes only fixed shapes (no CA-signed expired
 * client certificate), the second is asynchronous and needs a reflect-metadata polyfill.
 * Keys come from Node's native RSA generator: forge's pure-JS one takes seconds.
 */

/** A certificate and its private key, both PEM, with the SHA-256 fingerprint clients show. */
export interface IssuedCertificate {
  readonly cert: string;
  readonly key: string;
  /** `AB:CD:...`, as `openssl x509 -fingerprint -sha256` and browsers print it. */
  readonly fingerprint256: string;
}

/** What to put in a certificate; every field but the common name has a default. */
export interface CertificateSpec {
  readonly commonName: string;
  readonly organization?: string;
  /** Host names and IP addresses the certificate is valid for (subjectAltName). */
  readonly hosts?: readonly string[];
  /** Signs it; without one the certificate signs itself. */
  readonly issuer?: IssuedCertificate;
  /** A CA may sign others. Default false. */
  readonly isCa?: boolean;
  /** Default: one day ago (clock skew between a laptop and a container). */
  readonly notBefore?: Date;
  /** Default: 365 days after notBefore. */
  readonly notAfter?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Issues one certificate as `spec` describes. */
export function issueCertificate(spec: CertificateSpec): IssuedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial: the leading 01 keeps the DER integer's sign bit clear.
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = spec.notBefore ?? new Date(Date.now() - DAY_MS);
  cert.validity.notAfter = spec.notAfter ?? new Date(cert.validity.notBefore.getTime() + 365 * DAY_MS);
  const subject = [
    { name: 'commonName', value: spec.commonName },
    ...(spec.organization ? [{ name: 'organizationName', value: spec.organization }] : []),
  ];
  cert.setSubject(subject);
  const issuer = spec.issuer ? forge.pki.certificateFromPem(spec.issuer.cert) : undefined;
  cert.setIssuer(issuer ? issuer.subject.attributes : subject);
  cert.setExtensions(extensions(spec));
  const signingKey = forge.pki.privateKeyFromPem(spec.issuer ? spec.issuer.key : privateKey);
  cert.sign(signingKey, forge.md.sha256.create());
  const pem = forge.pki.certificateToPem(cert);
  return { cert: pem, key: privateKey, fingerprint256: new X509Certificate(pem).fingerprint256 };
}

function extensions(spec: CertificateSpec): object[] {
  if (spec.isCa)
    return [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ];
  const list: object[] = [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
  ];
  const hosts = spec.hosts ?? [];
  // forge's altNames: type 2 is a DNS name, type 7 an IP address.
  if (hosts.length > 0)
    list.push({
      name: 'subjectAltName',
      altNames: hosts.map((h) => (net.isIP(h) ? { type: 7, ip: h } : { type: 2, value: h })),
    });
  return list;
}
