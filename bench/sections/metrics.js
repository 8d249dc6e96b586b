'use strict';
/**
 * What the Prometheus metrics (issue 49) cost a served request: throughput with them on (the
 * default) against --no-metrics in paired rounds, and, when `counted`, the same two in
 * instructions per request by callgrind (a count a busy neighbour cannot move).
 */
const servers = require('../servers');
const { handTokens } = require('./throughput');
const { instructionsPerRequest } = require('../instructions');
const { pairedOnOff, countInTurn } = require('./paired-on-off');

async function metricsSection(ctx, { counted }) {
  const paired = await pairedOnOff(ctx, { feature: 'metrics', offArgs: ['--no-metrics'], seed: 29 });
  return {
    id: 'metrics',
    title: 'GET over hand-written tokens, metrics on vs --no-metrics',
    ...paired,
    instructions: counted ? await metricsInstructions(ctx) : null,
  };
}

/** Instructions per request, on and off in turn, the median of three each. */
async function metricsInstructions(ctx) {
  const measure = (extra) => () => {
    const spec = servers.authSim('auth-sim', [ctx.fixtures.hand], {
      extraArgs: [...ctx.authArgs, ...extra],
      probeToken: 'hand-0000',
    });
    return instructionsPerRequest({
      args: spec.args,
      probePath: spec.probePath,
      tokens: handTokens(),
      warmup: 10000,
      requests: 10000,
      connections: 4,
    });
  };
  const counted = await countInTurn({ on: measure([]), off: measure(['--no-metrics']) });
  return { ...counted, cost: counted.on / counted.off - 1 };
}

module.exports = { metricsSection };
