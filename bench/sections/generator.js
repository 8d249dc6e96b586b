'use strict';
/**
 * Is the load generator the limit? The trivial server answers every request with the same
 * ready reply and no lookup, so it is strictly cheaper than the baseline. If autocannon drives
 * it clearly faster than the baseline, autocannon has headroom beyond the baseline's rate.
 */
const { compareServers } = require('../compare');
const servers = require('../servers');
const { handTokens } = require('./throughput');

async function generatorSection(ctx) {
  const [trivial, base] = await compareServers({
    specs: [
      servers.baseline('trivial server', ctx.bodies.hand, { trivial: true }),
      servers.baseline('baseline', ctx.bodies.hand),
    ],
    load: { method: 'GET', tokens: handTokens(), seed: 3 },
    ...ctx.runOptions,
  });
  const headroom = trivial.rps / base.rps;
  return {
    id: 'generator',
    title: 'Load generator headroom (autocannon, 1 process, pipelining 1)',
    servers: [trivial, base],
    headroom,
    verdict: headroom > 1.03 || base.generatorCpu < 0.9 ? 'not the bottleneck' : 'may be the bottleneck',
  };
}

module.exports = { generatorSection };
