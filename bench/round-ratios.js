'use strict';
/** Per-round figures of two servers that ran back to back in each round, for the target lines. */
const { times } = require('./target-lines');

/** Each round's `key` of `a` over `b`: the two ran back to back in that round. */
function perRound(a, b, key) {
  return a && b ? a.runs.map((run, i) => run[key] / b.runs[i][key]) : undefined;
}

/** Each round's cost of `on` against `off`, as 1 - req/s ratio (`rps`) or CPU per request ratio - 1 (`cpuUs`). */
function costRounds(on, off, key) {
  if (!on || !off) return undefined;
  return key === 'rps'
    ? on.runs.map((run, i) => 1 - run.rps / off.runs[i].rps)
    : on.runs.map((run, i) => run.cpuUs / off.runs[i].cpuUs - 1);
}

/** "server CPU/req ratio 0.62x": `base` over `sim`, the median of the rounds (the throughput a loaded core would give). */
function cpuRatio(sim, base) {
  const rounds = perRound(base, sim, 'cpuUs');
  return rounds ? `server CPU/req ratio ${times(rounds.sort((a, b) => a - b)[rounds.length >> 1])}` : '';
}

/** A line's test: the figure reaches `goal` from below or stays under it. */
const atLeast = (goal) => (v) => v >= goal;
const atMost = (goal) => (v) => v <= goal;

module.exports = { perRound, costRounds, cpuRatio, atLeast, atMost };
