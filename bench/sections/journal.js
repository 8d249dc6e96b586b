'use strict';
/** What the request journal (issue 6) costs: auth-sim with it on and off, the baseline for scale. */
const { compareServers } = require('../compare');
const servers = require('../servers');
const { handTokens } = require('./throughput');

async function journalSection(ctx) {
  const [base, on, off] = await compareServers({
    specs: [
      servers.baseline('baseline', ctx.bodies.hand),
      servers.authSim('auth-sim, journal on', [ctx.fixtures.hand], { extraArgs: ctx.journalOnArgs }),
      servers.authSim('auth-sim, journal off', [ctx.fixtures.hand], { extraArgs: ctx.journalOffArgs }),
    ],
    load: { method: 'GET', tokens: handTokens(), seed: 17 },
    ...ctx.runOptions,
  });
  return {
    id: 'journal',
    title: 'GET over hand-written tokens, request journal on vs off',
    servers: [base, on, off],
    cost: 1 - on.rps / off.rps,
    // The same cost as server CPU per request, which a busy machine disturbs less than req/s.
    cpuCost: on.cpuUs / off.cpuUs - 1,
    ratios: { on: on.rps / base.rps, off: off.rps / base.rps },
  };
}

module.exports = { journalSection };
