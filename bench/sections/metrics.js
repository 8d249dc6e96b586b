'use strict';
/**
 * What the Prometheus metrics (issue 49) cost a served request: throughput with them on (the
 * default) against --no-metrics, paired rounds as the journal's, and the same two counted in
 * instructions per request by callgrind (a count a busy neighbour cannot move).
 */
const { compareServers, median } = require('../compare');
const servers = require('../servers');
const { handTokens } = require('./throughput');
const { callgrindAvailable, instructionsPerRequest } = require('../instructions');

async function metricsSection(ctx) {
  const [base, on, off] = await compareServers({
    specs: [
      servers.baseline('baseline', ctx.bodies.hand),
      servers.authSim('auth-sim, metrics on', [ctx.fixtures.hand], { extraArgs: ctx.authArgs }),
      servers.authSim('auth-sim, metrics off', [ctx.fixtures.hand], {
        extraArgs: [...ctx.authArgs, '--no-metrics'],
      }),
    ],
    load: { method: 'GET', tokens: handTokens(), seed: 29 },
    ...ctx.runOptions,
    rounds: ctx.journalRounds,
    alternate: true,
  });
  const pairs = on.runs.map((run, i) => ({
    rps: 1 - run.rps / off.runs[i].rps,
    cpu: run.cpuUs / off.runs[i].cpuUs - 1,
  }));
  return {
    id: 'metrics',
    title: 'GET over hand-written tokens, metrics on vs --no-metrics',
    servers: [base, on, off],
    cost: median(pairs.map((p) => p.rps)),
    costRange: [Math.min(...pairs.map((p) => p.rps)), Math.max(...pairs.map((p) => p.rps))],
    cpuCost: median(pairs.map((p) => p.cpu)),
    instructions: callgrindAvailable() ? await metricsInstructions(ctx) : null,
    ratios: { on: on.rps / base.rps, off: off.rps / base.rps },
  };
}

/** Instructions per request, on and off alternating, the median of three each (journal.js says why three). */
async function metricsInstructions(ctx, runs = 3) {
  const load = { warmup: 10000, requests: 10000, connections: 4 };
  const measure = (extra) => {
    const spec = servers.authSim('auth-sim', [ctx.fixtures.hand], {
      extraArgs: [...ctx.authArgs, ...extra],
      probeToken: 'hand-0000',
    });
    return instructionsPerRequest({ args: spec.args, probePath: spec.probePath, tokens: handTokens(), ...load });
  };
  const counts = { on: [], off: [] };
  for (let i = 0; i < runs; i++) {
    counts.on.push(await measure([]));
    counts.off.push(await measure(['--no-metrics']));
  }
  const [on, off] = [median(counts.on), median(counts.off)];
  return { on, off, cost: on / off - 1, counts };
}

module.exports = { metricsSection };
