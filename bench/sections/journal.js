'use strict';
/** What the request journal (issue 6) costs: auth-sim with it on and off, the baseline for scale. */
const { compareServers, median } = require('../compare');
const servers = require('../servers');
const { handTokens } = require('./throughput');
const { instructionsPerRequest } = require('../instructions');

async function journalSection(ctx) {
  const [base, on, off] = await compareServers({
    specs: [
      servers.baseline('baseline', ctx.bodies.hand),
      servers.authSim('auth-sim, journal on', [ctx.fixtures.hand], {
        extraArgs: [...ctx.authArgs, ...ctx.journalOnArgs],
      }),
      servers.authSim('auth-sim, journal off', [ctx.fixtures.hand], {
        extraArgs: [...ctx.authArgs, ...ctx.journalOffArgs],
      }),
    ],
    load: { method: 'GET', tokens: handTokens(), seed: 17 },
    ...ctx.runOptions,
    // A cost of a few per cent between two runs of the same server: more rounds than the other
    // sections, on and off back to back in alternating order, judged round by round.
    rounds: ctx.journalRounds,
    alternate: true,
  });
  // Per round, on against off run right next to it: machine drift cancels within a pair.
  const pairs = on.runs.map((run, i) => ({
    cpu: run.cpuUs / off.runs[i].cpuUs - 1,
    rps: 1 - run.rps / off.runs[i].rps,
  }));
  return {
    id: 'journal',
    title: 'GET over hand-written tokens, request journal on vs off',
    servers: [base, on, off],
    // The same cost as server CPU per request, which a busy machine disturbs less than req/s:
    // the median of the rounds' paired figures, and their range.
    cost: median(pairs.map((p) => p.rps)),
    cpuCost: median(pairs.map((p) => p.cpu)),
    cpuCostRange: [Math.min(...pairs.map((p) => p.cpu)), Math.max(...pairs.map((p) => p.cpu))],
    // The older figure, from the medians of each server's runs, for comparison with earlier reports.
    cpuCostOfMedians: on.cpuUs / off.cpuUs - 1,
    ratios: { on: on.rps / base.rps, off: off.rps / base.rps },
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
  const count = ({ args, probePath }) => instructionsPerRequest({ args, tokens: handTokens(), probePath, ...load });
  const measure = (extra) =>
    count(
      servers.authSim('auth-sim', [ctx.fixtures.hand], {
        extraArgs: [...ctx.authArgs, ...extra],
        probeToken: 'hand-0000',
      }),
    );
  // The bare baseline under the same count: what the request path's own work is against the
  // practical limit, without the timing noise of the throughput sections.
  const measureBaseline = () => count(servers.baseline('baseline', ctx.bodies.hand, { probeToken: 'hand-0000' }));
  const counts = { on: [], off: [], baseline: [] };
  for (let i = 0; i < runs; i++) {
    counts.on.push(await measure(ctx.journalOnArgs));
    counts.off.push(await measure(ctx.journalOffArgs));
    counts.baseline.push(await measureBaseline());
  }
  const [on, off, baseline] = [median(counts.on), median(counts.off), median(counts.baseline)];
  return { on, off, baseline, cost: on / off - 1, runs, counts, ...load };
}

module.exports = { journalSection, journalInstructions };
