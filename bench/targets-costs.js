'use strict';
/** The targets on what one feature costs (on against off in paired rounds), and the limits section's. */
const { pct, times, ms, mb } = require('./target-lines');
const { perRound, costRounds, atLeast, atMost } = require('./round-ratios');
const { find } = require('./section-lookup');

/** What one feature costs, on against off in paired rounds. */
function featureLines(t, r) {
  const journal = find(r.sections, 'journal');
  const [, jOn, jOff] = journal ? journal.servers : [];
  const jCounted = r.journalInstructions;
  // Judged on server CPU per request, the figure a busy neighbour moves least; throughput beside it.
  t.timed({
    name: 'request journal cost (server CPU per request, on vs off)',
    goal: '<= 10%',
    rounds: costRounds(jOn, jOff, 'cpuUs'),
    show: pct,
    ok: atMost(0.1),
    counted: jCounted ? jCounted.cost : undefined,
    also: journal && `throughput cost ${pct(journal.cost)}`,
  });
  const metrics = find(r.sections, 'metrics');
  const [, mOn, mOff] = metrics ? metrics.servers : [];
  t.timed({
    name: 'metrics cost (throughput, on vs --no-metrics)',
    goal: '<= 2%',
    rounds: costRounds(mOn, mOff, 'rps'),
    show: pct,
    ok: atMost(0.02),
    counted: metrics && metrics.instructions ? metrics.instructions.cost : undefined,
    also: metrics && `server CPU per request ${pct(metrics.cpuCost)}`,
  });
  const callers = find(r.sections, 'caller-report');
  const [, cOn, cOff] = callers ? callers.servers : [];
  t.timed({
    name: 'caller report cost (throughput, on vs --no-report)',
    goal: '<= 5%',
    rounds: costRounds(cOn, cOff, 'rps'),
    show: pct,
    ok: atMost(0.05),
    also: callers && `server CPU per request ${pct(callers.cpuCost)}`,
  });
  t.figure({
    name: 'RSS grown by 200,000 distinct unknown tokens (caller report, journal off)',
    goal: '< 30 MB',
    figure: callers && callers.memory.growth,
    show: mb,
    ok: (v) => v < 30 * 1024 ** 2,
  });
  const dashboard = find(r.sections, 'dashboard');
  const [, closed, open, crowded] = dashboard ? dashboard.servers : [];
  t.timed({
    name: 'throughput with a dashboard open / closed',
    goal: '>= 0.9x',
    rounds: perRound(open, closed, 'rps'),
    show: times,
    ok: atLeast(0.9),
  });
  t.timed({
    name: 'throughput with 100 reading event streams / none',
    goal: '>= 0.8x',
    rounds: perRound(crowded, closed, 'rps'),
    show: times,
    ok: atLeast(0.8),
  });
}

/** Unknown tokens against large files, and the journal read's stall. */
function limitLines(t, r) {
  const limits = find(r.sections, 'limits');
  const [eight, five, hundred] = limits ? limits.servers : [];
  for (const [known, sim] of [
    ['5,000', five],
    ['100,000', hundred],
  ])
    t.timed({
      name: `unknown tokens, ${known} known: throughput / 8 known`,
      goal: '>= 0.8x',
      rounds: perRound(sim, eight, 'rps'),
      show: times,
      ok: atLeast(0.8),
    });
  // A worst case, not a median: the slowest protocol GET while the read went on.
  t.figure({
    name: 'largest protocol stall while GET /__admin/requests reads a 100,000-entry journal',
    goal: '< 50 ms',
    figure: limits && limits.stall && limits.stall.stallMs,
    show: ms,
    ok: (v) => v < 50,
  });
}

/** Adds the cost and limits lines to `t` (bench/target-lines.js). */
function costTargets(t, r) {
  featureLines(t, r);
  limitLines(t, r);
}

module.exports = { costTargets };
