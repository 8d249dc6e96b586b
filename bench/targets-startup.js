'use strict';
/**
 * The startup and memory targets: spawn to first answer against bare node servers (interleaved
 * starts, each a round), peak RSS, the file styles and the synthetic populations.
 */
const { AUTH_START } = require('./servers');
const { times, ms, mb } = require('./target-lines');
const { find, server } = require('./section-lookup');

/** Each round's start of `sim` over `base`'s (they started in the same round). */
function startRounds(sim, base) {
  return sim && base ? sim.startups.map((t, i) => t / base.startups[i]) : undefined;
}

/** Adds the startup lines to `t` (bench/target-lines.js). */
function startupTargets(t, r) {
  // Issue 37 (and 48's line): start-up pays only for what it uses, against a bare node server
  // that reads and parses the same YAML file and serves it.
  const one = find(r.startup, 'startup-one');
  t.timed({
    name: 'startup to first response, 1 token, auth-sim / bare node server from the same YAML',
    goal: '<= 1.4x',
    rounds: startRounds(server(one, AUTH_START), server(one, 'baseline (same YAML file)')),
    show: times,
    ok: (v) => v <= 1.4,
  });
  const hand = find(r.startup, 'startup-hand');
  const first = server(hand, AUTH_START);
  const fromYaml = server(hand, 'baseline (same YAML file)');
  const fromBytes = server(hand, 'baseline (ready bytes)');
  t.timed({
    name: 'startup to first response, 1,000 tokens, auth-sim / bare node server from the same YAML',
    goal: '<= 1.8x',
    rounds: startRounds(first, fromYaml),
    show: times,
    ok: (v) => v <= 1.8,
  });
  t.timed({
    name: 'startup to first response, 1,000 tokens, auth-sim / baseline from ready bytes',
    goal: '<= 2x',
    rounds: startRounds(first, fromBytes),
    show: times,
    ok: (v) => v <= 2,
  });
  for (const [base, label] of [
    [fromYaml, 'baseline from the same YAML'],
    [fromBytes, 'baseline from ready bytes'],
  ])
    t.figure({
      name: `peak RSS, 1,000 tokens: auth-sim / ${label}`,
      goal: '<= 1.5x',
      figure: first && base && first.peakRss / base.peakRss,
      show: times,
      ok: (v) => v <= 1.5,
    });
  const styles = find(r.startup, 'startup-file-styles');
  const oneToken = styles && styles.servers.find((s) => s.style === '1 token');
  for (const row of styles && oneToken ? styles.servers.filter((s) => s !== oneToken) : []) {
    const goal = row.style === 'JSON' ? 1.5 : 2;
    t.timed({
      name: `startup, 1,000 tokens as ${row.style} / 1 token`,
      goal: `<= ${goal}x`,
      rounds: startRounds(row, oneToken),
      show: times,
      ok: (v) => v <= goal,
    });
  }
  const m0 = server(find(r.startup, 'startup-synth-0'), AUTH_START);
  const m1 = server(find(r.startup, 'startup-synth-1000000'), AUTH_START);
  t.timed({
    name: 'startup to first response, 1M synthetic tokens',
    goal: '< 1 s',
    rounds: m1 && m1.startups,
    show: ms,
    ok: (v) => v < 1000,
  });
  t.figure({
    name: 'RSS added by 1M synthetic tokens (vs 0), after load',
    goal: '<= 100 MB',
    figure: m1 && m0 && m1.rss - m0.rss,
    show: mb,
    ok: (v) => v <= 100 * 1024 ** 2,
  });
}

module.exports = { startupTargets };
