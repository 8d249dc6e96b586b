'use strict';
/**
 * HTTPS against plain HTTP: the same auth-sim, the same file and load, one started with --tls.
 * Connections are kept alive (as a chat server's pool keeps them), so the row measures TLS on the
 * request path (record encryption), not handshakes.
 */
const { compareServers } = require('../compare');
const servers = require('../servers');
const { handTokens } = require('./throughput');

async function tlsSection(ctx) {
  const [plain, tls] = await compareServers({
    specs: [
      servers.authSim('auth-sim, plain HTTP', [ctx.fixtures.hand], { extraArgs: ctx.authArgs }),
      servers.authSim('auth-sim, HTTPS (--tls)', [ctx.fixtures.hand], {
        extraArgs: [...ctx.authArgs, '--tls'],
        scheme: 'https',
      }),
    ],
    load: { method: 'GET', tokens: handTokens(), seed: 23 },
    ...ctx.runOptions,
    alternate: true,
  });
  return {
    id: 'tls',
    title: 'GET over hand-written tokens, HTTPS vs plain HTTP',
    servers: [plain, tls],
    // HTTPS / plain HTTP, both auth-sim, measured in the same run.
    ratios: { rps: tls.rps / plain.rps, p99: tls.p99 / plain.p99, cpuUs: tls.cpuUs / plain.cpuUs },
  };
}

module.exports = { tlsSection };
