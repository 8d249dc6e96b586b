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
    rounds: ctx.rounds,
    seconds: ctx.seconds,
  });
  return {
    id: 'journal',
    title: 'GET over hand-written tokens, request journal on vs off',
    servers: [base, on, off],
    cost: 1 - on.rps / off.rps,
    ratios: { on: on.rps / base.rps, off: off.rps / base.rps },
  };
}

module.exports = { journalSection };
