'use strict';
/**
 * The bench's targets (issues 7, 37, 48 and after), each judged by bench/judge.js: a timed line
 * by the median of its interleaved rounds (callgrind deciding only where the rounds straddle the
 * line), a memory line or a count by its figure.
 */
const { targetLines, times, ms, mb } = require('./target-lines');
const { perRound, cpuRatio, atLeast, atMost } = require('./round-ratios');
const { costTargets } = require('./targets-costs');
const { startupTargets } = require('./targets-startup');
const { find } = require('./section-lookup');

/** auth-sim against the bare baseline: GET, POST, the 1M population. */
function baselineLines(t, r) {
  const counted = r.journalInstructions;
  for (const id of ['hand-get', 'hand-post', 'synth-1000000']) {
    const s = find(r.sections, id);
    const [base, sim] = s ? s.servers : [];
    const label = { 'hand-get': 'GET hand-written tokens', 'hand-post': 'POST hand-written tokens' }[id];
    // Missed by choice: a synthetic card is built and encoded by the one encoder when asked for,
    // as a hand-written entry is; the faster second writer that once met this line was removed.
    const goal = id === 'synth-1000000' ? 0.5 : 0.8;
    t.timed({
      name: `${label ?? '1M synthetic population'}: throughput auth-sim / baseline`,
      goal: `>= ${goal}x`,
      rounds: perRound(sim, base, 'rps'),
      show: times,
      ok: atLeast(goal),
      // The journal section counts the same `--quiet` server and the baseline under GET.
      counted: id === 'hand-get' && counted && counted.baseline ? counted.baseline / counted.on : undefined,
      also: `${cpuRatio(sim, base)}${id === 'synth-1000000' ? '; one card path, by choice' : ''}`,
    });
    if (id === 'synth-1000000') continue;
    t.timed({
      name: `${label}: p99 auth-sim / baseline`,
      goal: '<= 2x',
      rounds: perRound(sim, base, 'p99'),
      show: times,
      ok: atMost(2),
    });
  }
}

/**
 * Issue 48: what users run (`serve` with no flags: the request log to a file, the journal, the
 * caller report, the metrics) against bare node:http, and issue 37's line against `--quiet --no-journal`.
 */
function defaultsLines(t, r) {
  const log = find(r.sections, 'request-log');
  const [base, defaults, quiet, session] = log ? log.servers : [];
  const counted = log && log.instructions;
  const quietCounted = r.journalInstructions && r.journalInstructions.off;
  const what = 'defaults (request log to a file, journal, caller report, metrics)';
  t.timed({
    name: `${what} / --quiet --no-journal: throughput`,
    goal: '>= 0.9x',
    rounds: perRound(defaults, quiet, 'rps'),
    show: times,
    ok: atLeast(0.9),
    counted: counted && quietCounted ? quietCounted / counted.defaults : undefined,
    also: cpuRatio(defaults, quiet),
  });
  t.timed({
    name: `${what} / bare node:http: throughput`,
    goal: '>= 0.85x',
    rounds: perRound(defaults, base, 'rps'),
    show: times,
    ok: atLeast(0.85),
    counted: counted ? counted.baseline / counted.defaults : undefined,
    also: cpuRatio(defaults, base),
  });
  t.timed({
    name: `${what} / bare node:http: p99`,
    goal: '<= 1.2x',
    rounds: perRound(defaults, base, 'p99'),
    show: times,
    ok: atMost(1.2),
  });
  t.figure({
    name: `${what} / bare node:http: peak RSS`,
    goal: '<= 1.5x',
    figure: defaults && base && defaults.peakRss / base.peakRss,
    show: times,
    ok: atMost(1.5),
    also: defaults && base && `${mb(defaults.peakRss)} vs ${mb(base.peakRss)}`,
  });
  t.figure({
    name: `${what} / bare node:http: instructions per request (callgrind)`,
    goal: '<= 1.25x',
    figure: counted && counted.defaults / counted.baseline,
    show: times,
    ok: atMost(1.25),
    also:
      counted &&
      `medians of ${counted.counts.defaults.length} runs each: ${Math.round(counted.defaults)} vs ${Math.round(counted.baseline)}` +
        (counted.compiler
          ? `, of which V8's background compiler ${Math.round(counted.compiler.defaults)} vs ${Math.round(counted.compiler.baseline)}`
          : ''),
  });
  t.timed({
    name: 'defaults with one live session (POST /__admin/sessions), plain tokens / bare node:http: throughput',
    goal: '>= 0.85x',
    rounds: perRound(session, base, 'rps'),
    show: times,
    ok: atLeast(0.85),
    also: cpuRatio(session, base),
  });
}

/** HTTPS and --redis, each against the same thing without it. */
function transportLines(t, r) {
  const tls = find(r.sections, 'tls');
  const [tlsBase, tlsSim] = tls ? tls.servers : [];
  t.timed({
    name: 'HTTPS: throughput auth-sim / bare node:https (same certificate and bytes)',
    goal: '>= 0.85x',
    rounds: perRound(tlsSim, tlsBase, 'rps'),
    show: times,
    ok: atLeast(0.85),
    also: cpuRatio(tlsSim, tlsBase),
  });
  const redis = find(r.sections, 'redis');
  const [local, grouped] = redis ? redis.servers : [];
  t.timed({
    name: '--redis static cards / the same build without Redis: throughput',
    goal: '>= 0.9x',
    rounds: perRound(grouped, local, 'rps'),
    show: times,
    ok: atLeast(0.9),
    also: cpuRatio(grouped, local),
  });
}

/** Every target as {name, goal, figure, shown, rounds, shownRounds, counted, shownCounted, also, status}. */
function evaluateTargets(r) {
  const t = targetLines();
  baselineLines(t, r);
  defaultsLines(t, r);
  transportLines(t, r);
  startupTargets(t, r);
  costTargets(t, r);
  const reload = r.reload && r.reload.cases;
  for (const [tokens, goal, label] of [
    [10, 150, '< 150 ms'],
    [10000, 1000, '< 1 s'],
  ]) {
    const c = reload && reload.find((x) => x.tokens === tokens);
    t.timed({
      name: `hot reload median, ${tokens.toLocaleString('en-US')}-token file`,
      goal: label,
      rounds: c && c.samplesMs,
      show: ms,
      ok: (v) => v < goal,
    });
  }
  return t.lines;
}

module.exports = { evaluateTargets };
