'use strict';
/**
 * HTTPS against the bare node:https limit: auth-sim with --tls-cert/--tls-key and the baseline
 * server over node:https, both serving the same certificate and the same bytes, so the row shows
 * auth-sim's own cost over HTTPS and not the cost of TLS itself. Connections are kept alive (as a
 * chat server's pool keeps them), so it measures record encryption, not handshakes.
 */
const fs = require('node:fs');
const path = require('node:path');
const { compareServers } = require('../compare');
const servers = require('../servers');
const { handTokens } = require('./throughput');

/** One self-signed certificate for 127.0.0.1, made by auth-sim's own issuer (dist/tls), as PEM files. */
function writeCertificate(dir) {
  const { issueCertificate } = require('../../dist/tls/issue-certificate');
  const issued = issueCertificate({ commonName: '127.0.0.1', hosts: ['127.0.0.1'] });
  const files = { cert: path.join(dir, 'bench-cert.pem'), key: path.join(dir, 'bench-key.pem') };
  fs.writeFileSync(files.cert, issued.cert);
  fs.writeFileSync(files.key, issued.key, { mode: 0o600 });
  return files;
}

async function tlsSection(ctx) {
  const tls = writeCertificate(ctx.dir);
  const [base, sim] = await compareServers({
    specs: [
      servers.baseline('baseline, node:https', ctx.bodies.hand, { tls }),
      servers.authSim('auth-sim, HTTPS (--tls-cert)', [ctx.fixtures.hand], {
        extraArgs: [...ctx.authArgs, '--tls-cert', tls.cert, '--tls-key', tls.key],
        scheme: 'https',
      }),
    ],
    load: { method: 'GET', tokens: handTokens(), seed: 23 },
    ...ctx.runOptions,
    // Its 3 rounds ranged 0.75-1.07x around a 0.85x line (issue-48-s60).
    rounds: ctx.journalRounds,
  });
  return {
    id: 'tls',
    title: 'GET over hand-written tokens over HTTPS, auth-sim vs bare node:https',
    servers: [base, sim],
    // auth-sim / bare node:https, the same certificate and bytes, measured in the same run.
    ratios: { rps: sim.rps / base.rps, p99: sim.p99 / base.p99, cpuUs: sim.cpuUs / base.cpuUs },
  };
}

module.exports = { tlsSection };
