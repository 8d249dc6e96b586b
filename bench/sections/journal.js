'use strict';
/** What the request journal (issue 6) costs: auth-sim with it on and off, the baseline for scale. */
const servers = require('../servers');
const { handTokens } = require('./throughput');
const { instructionsPerRequest } = require('../instructions');
const { pairedOnOff, countInTurn } = require('./paired-on-off');

async function journalSection(ctx) {
  const paired = await pairedOnOff(ctx, {
    feature: 'journal',
    onArgs: ctx.journalOnArgs,
    offArgs: ctx.journalOffArgs,
    seed: 17,
  });
  const [, on, off] = paired.servers;
  return {
    id: 'journal',
    title: 'GET over hand-written tokens, request journal on vs off',
    ...paired,
    // The older figure, from the medians of each server's runs, for comparison with earlier reports.
    cpuCostOfMedians: on.cpuUs / off.cpuUs - 1,
  };
}

/**
 * The same on/off comparison in instructions per request (callgrind), the median of `runs` runs
 * each, on, off and the baseline alternating. Why not one run each: the count usually holds
 * within 0.5% (off: 101,660 to 102,468 over eight runs; on: 104,700 to 105,600), but now and then
 * a run reads ~147,000-157,000 (4 of 32 runs on, 1 of 18 off), its extra spent moving objects to
 * new hidden classes, a path the same server never showed in real time (CPU per request over
 * 60,000 requests, nineteen starts with the journal on). A median of three is robust to one such
 * run; every count is kept in the results.
 */
async function journalInstructions(ctx, runs = 3) {
  const load = { warmup: 10000, requests: 10000, connections: 4 };
  const count =
    ({ args, probePath }) =>
    () =>
      instructionsPerRequest({ args, tokens: handTokens(), probePath, ...load });
  const measure = (extra) =>
    count(
      servers.authSim('auth-sim', [ctx.fixtures.hand], {
        extraArgs: [...ctx.authArgs, ...extra],
        probeToken: 'hand-0000',
      }),
    );
  // The bare baseline under the same count: what the request path's own work is against the
  // practical limit, without the timing noise of the throughput sections.
  const counted = await countInTurn(
    {
      on: measure(ctx.journalOnArgs),
      off: measure(ctx.journalOffArgs),
      baseline: count(servers.baseline('baseline', ctx.bodies.hand, { probeToken: 'hand-0000' })),
    },
    runs,
  );
  return { ...counted, cost: counted.on / counted.off - 1, ...load };
}

module.exports = { journalSection, journalInstructions };
