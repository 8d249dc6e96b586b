'use strict';
/**
 * The shape the journal, caller report and metrics sections share: the baseline for scale, then
 * auth-sim with a feature on (the default) and off, run back to back in alternating order, each
 * round's on/off pair giving that round's cost (machine drift cancels within a pair).
 */
const { compareServers, median } = require('../compare');
const servers = require('../servers');
const { handTokens } = require('./throughput');

const spread = (values) => [Math.min(...values), Math.max(...values)];

/**
 * `feature`'s cost, GET over the hand-written tokens: `cost` (1 - on/off req/s) and `cpuCost`
 * (on/off server CPU per request - 1) as medians of the rounds' pairs, with their ranges.
 */
async function pairedOnOff(ctx, { feature, onArgs = [], offArgs, seed }) {
  const spec = (state, extra) =>
    servers.authSim(`auth-sim, ${feature} ${state}`, [ctx.fixtures.hand], { extraArgs: [...ctx.authArgs, ...extra] });
  const [base, on, off] = await compareServers({
    specs: [servers.baseline('baseline', ctx.bodies.hand), spec('on', onArgs), spec('off', offArgs)],
    load: { method: 'GET', tokens: handTokens(), seed },
    ...ctx.runOptions,
    // A cost of a few per cent between two runs of the same server: more rounds than the other
    // sections, judged round by round.
    rounds: ctx.journalRounds,
    alternate: true,
  });
  const rps = on.runs.map((run, i) => 1 - run.rps / off.runs[i].rps);
  const cpu = on.runs.map((run, i) => run.cpuUs / off.runs[i].cpuUs - 1);
  return {
    servers: [base, on, off],
    cost: median(rps),
    costRange: spread(rps),
    cpuCost: median(cpu),
    cpuCostRange: spread(cpu),
    ratios: { on: on.rps / base.rps, off: off.rps / base.rps },
  };
}

/**
 * Instructions per request (callgrind) of each of `measures` ({name: () => a count from
 * instructions.js}), taken in turn `runs` times, and the median of each (bench/sections/journal.js
 * says why a median of three), with the median of V8's background compiler's part beside.
 */
async function countInTurn(measures, runs = 3) {
  const names = Object.keys(measures);
  const counts = Object.fromEntries(names.map((name) => [name, []]));
  const compiler = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < runs; i++)
    for (const name of names) {
      const counted = await measures[name]();
      counts[name].push(counted.perRequest);
      compiler[name].push(counted.compilerPerRequest);
    }
  const medians = (lists) => Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, median(list)]));
  return { ...medians(counts), counts, compiler: medians(compiler), runs };
}

module.exports = { pairedOnOff, countInTurn };
