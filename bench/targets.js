'use strict';
/** The bench's targets (issues 7 and 37), each checked against a run's figures: met, met within noise, missed, or not measured. */
const { AUTH_START } = require('./servers');

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const times = (x) => `${x.toFixed(2)}x`;
const ms = (x) => `${Math.round(x)} ms`;
const mb = (x) => `${(x / 1024 ** 2).toFixed(0)} MB`;

/**
 * A ratio as shown, with a third decimal when two would put it on the other side of its line
 * (0.496 against ">= 0.5" reads "0.50x" and "missed" otherwise).
 */
function shownBeside(value, show, ok) {
  if (show === times && ok(Number(value.toFixed(2))) !== ok(value)) return `${value.toFixed(3)}x`;
  return show(value);
}

function find(list, id) {
  return (list || []).find((s) => s && s.id === id);
}

function server(section, name) {
  return section && section.servers.find((s) => s.name === name);
}

/**
 * The req/s ratio of each round (baseline and auth-sim run back to back in a round), as
 * "; rounds 0.41-0.47x": how far the machine moved the figure during the run.
 */
function roundSpread(section) {
  const [base, sim] = section.servers;
  if (!base.runs || !sim.runs || base.runs.length < 2) return '';
  const ratios = sim.runs.map((run, i) => run.rps / base.runs[i].rps);
  return `; rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x`;
}

/**
 * How far a timed ratio moves between runs of the same code on these shared machines; a ratio
 * within it of its line counts as met (the team's rule), and the report says which side it fell.
 */
const TIMED_RATIO_NOISE = 0.2;

/** met, 'met within noise' (a timed ratio, not a memory one, within TIMED_RATIO_NOISE of its line), or missed. */
function statusOf(name, value, show, ok) {
  if (ok(value)) return 'met';
  const timedRatio = show === times && !name.includes('RSS');
  return timedRatio && (ok(value + TIMED_RATIO_NOISE) || ok(value - TIMED_RATIO_NOISE)) ? 'met within noise' : 'missed';
}

/** Every target as {name, goal, figure, status}; a section that did not run gives "not measured". */
function evaluateTargets(r) {
  const out = [];
  const add = (name, goal, value, show, ok, also) =>
    out.push({
      name,
      goal,
      figure: value === undefined ? null : value,
      shown: value === undefined ? '-' : shownBeside(value, show, ok),
      also: also || '',
      status: value === undefined ? 'not measured' : statusOf(name, value, show, ok),
    });
  const ratio = (id, key) => find(r.sections, id) && find(r.sections, id).ratios[key];
  // Server CPU per request, baseline / auth-sim: the throughput ratio a fully loaded core would give.
  const cpuRatio = (id) => {
    const s = find(r.sections, id);
    return s && `CPU/req ratio ${(s.servers[0].cpuUs / s.servers[1].cpuUs).toFixed(2)}x${roundSpread(s)}`;
  };
  // Instructions per request, baseline / auth-sim (journal on, as served): the same GETs counted
  // by callgrind, where no neighbour moves the figure.
  const instructions = r.journalInstructions;
  const instructionRatio =
    instructions && instructions.baseline
      ? `; instructions/req ratio ${(instructions.baseline / instructions.on).toFixed(2)}x (callgrind)`
      : '';
  for (const id of ['hand-get', 'hand-post']) {
    const label = id === 'hand-get' ? 'GET' : 'POST';
    const cpu = cpuRatio(id);
    const also = cpu && cpu + (id === 'hand-get' ? instructionRatio : '');
    add(
      `${label} hand-written tokens: throughput auth-sim / baseline`,
      '>= 0.8',
      ratio(id, 'rps'),
      times,
      (v) => v >= 0.8,
      also,
    );
    add(`${label} hand-written tokens: p99 auth-sim / baseline`, '<= 2x', ratio(id, 'p99'), times, (v) => v <= 2);
  }
  // Missed by choice: a card is built and encoded by the one encoder when asked for, as a
  // hand-written entry is; the faster second writer that once met this line was removed.
  const synthCpu = cpuRatio('synth-1000000');
  add(
    '1M synthetic population: throughput auth-sim / baseline',
    '>= 0.5',
    ratio('synth-1000000', 'rps'),
    times,
    (v) => v >= 0.5,
    synthCpu && `${synthCpu}; one card path, by choice`,
  );
  const hand = find(r.startup, 'startup-hand');
  const first = server(hand, AUTH_START);
  const fromYaml = server(hand, 'baseline (same YAML file)');
  const fromBytes = server(hand, 'baseline (ready bytes)');
  const startupRatio = (sim, base) => sim && base && sim.startupMs / base.startupMs;
  add(
    'startup to first response, 1,000 tokens, auth-sim / baseline from ready bytes',
    '<= 2x',
    startupRatio(first, fromBytes),
    times,
    (v) => v <= 2,
  );
  // Issue 37: start-up pays only for what it uses, against a bare node server that reads and
  // parses the same YAML file and serves it (median of interleaved starts).
  const one = find(r.startup, 'startup-one');
  add(
    'startup to first response, 1 token, auth-sim / bare node server from the same YAML',
    '<= 1.4x',
    startupRatio(server(one, AUTH_START), server(one, 'baseline (same YAML file)')),
    times,
    (v) => v <= 1.4,
  );
  add(
    'startup to first response, 1,000 tokens, auth-sim / bare node server from the same YAML',
    '<= 1.8x',
    startupRatio(first, fromYaml),
    times,
    (v) => v <= 1.8,
  );
  add(
    'peak RSS, 1,000 tokens: auth-sim / baseline from the same YAML',
    '<= 1.5x',
    first && fromYaml && first.peakRss / fromYaml.peakRss,
    times,
    (v) => v <= 1.5,
  );
  add(
    'peak RSS, 1,000 tokens: auth-sim / baseline from ready bytes',
    '<= 1.5x',
    first && fromBytes && first.peakRss / fromBytes.peakRss,
    times,
    (v) => v <= 1.5,
  );
  const m0 = server(find(r.startup, 'startup-synth-0'), AUTH_START);
  const m1 = server(find(r.startup, 'startup-synth-1000000'), AUTH_START);
  const styles = find(r.startup, 'startup-file-styles');
  const oneToken = styles && styles.servers.find((s) => s.style === '1 token');
  for (const row of styles && oneToken ? styles.servers.filter((s) => s !== oneToken) : []) {
    const goal = row.style === 'JSON' ? 1.5 : 2;
    add(
      `startup, 1,000 tokens as ${row.style} / 1 token`,
      `<= ${goal}x`,
      row.startupMs / oneToken.startupMs,
      times,
      (v) => v <= goal,
    );
  }
  add('startup to first response, 1M synthetic tokens', '< 1 s', m1 && m1.startupMs, ms, (v) => v < 1000);
  add(
    'RSS added by 1M synthetic tokens (vs 0), after load',
    '<= 100 MB',
    m1 && m0 && m1.rss - m0.rss,
    mb,
    (v) => v <= 100 * 1024 ** 2,
  );
  // Issue 37: what users run (request log to a file, journal on) at the price of a quiet run.
  const log = find(r.sections, 'request-log');
  const logRounds = (key) => log && log[key] && `rounds ${log[key].range.map(times).join('-')}`;
  add(
    'defaults (request log to a file, journal) / --quiet --no-journal: throughput (median of paired rounds)',
    '>= 0.9',
    log && log.toQuiet && log.toQuiet.rps,
    times,
    (v) => v >= 0.9,
    log && log.toQuiet && `${logRounds('toQuiet')}; server CPU/req ratio ${times(log.toQuiet.cpu)}`,
  );
  add(
    'defaults (request log to a file, journal) / bare node:http: throughput (median of paired rounds)',
    '>= 0.85',
    log && log.toBaseline && log.toBaseline.rps,
    times,
    (v) => v >= 0.85,
    log && log.toBaseline && `${logRounds('toBaseline')}; server CPU/req ratio ${times(log.toBaseline.cpu)}`,
  );
  add(
    'defaults (request log to a file, journal) / --quiet --no-journal: p99',
    '<= 1.2x',
    log && log.toQuiet && log.toQuiet.p99,
    times,
    (v) => v <= 1.2,
  );
  const tls = find(r.sections, 'tls');
  add(
    'HTTPS: throughput auth-sim / bare node:https (same certificate and bytes)',
    '>= 0.85',
    tls && tls.ratios.rps,
    times,
    (v) => v >= 0.85,
    tls && `server CPU/req ratio ${times(1 / tls.ratios.cpuUs)}${roundSpread(tls)}`,
  );
  const journal = find(r.sections, 'journal');
  // Judged on server CPU per request: on a shared 2-core machine req/s of two runs of the same
  // server swing by more than the 10% being judged; the throughput figure is shown beside it.
  const journalRange = journal && journal.cpuCostRange ? `; rounds ${journal.cpuCostRange.map(pct).join(' to ')}` : '';
  // Instructions per request (callgrind) when valgrind is installed: what a noisy machine cannot move.
  const counted = r.journalInstructions
    ? `; instructions per request ${pct(r.journalInstructions.cost)} (callgrind)`
    : '';
  add(
    'request journal cost (server CPU per request, on vs off, median of paired rounds)',
    '<= 10%',
    journal && journal.cpuCost,
    pct,
    (v) => v <= 0.1,
    journal && `throughput cost ${pct(journal.cost)}${journalRange}${counted}`,
  );
  const metrics = find(r.sections, 'metrics');
  // Issue 49: the Prometheus metrics at most 2% of throughput; the callgrind count beside it decides where the rounds straddle the line.
  add(
    'metrics cost (throughput, on vs --no-metrics, median of paired rounds)',
    '<= 2%',
    metrics && metrics.cost,
    pct,
    (v) => v <= 0.02,
    metrics &&
      `rounds ${metrics.costRange.map(pct).join(' to ')}; server CPU per request ${pct(metrics.cpuCost)}${metrics.instructions ? `; instructions per request ${pct(metrics.instructions.cost)} (callgrind)` : ''}`,
  );
  const limits = find(r.sections, 'limits');
  add(
    'unknown tokens, 5,000 known: throughput / 8 known',
    '>= 0.8',
    limits && limits.ratios.tokens5000,
    times,
    (v) => v >= 0.8,
  );
  add(
    'unknown tokens, 100,000 known: throughput / 8 known',
    '>= 0.8',
    limits && limits.ratios.tokens100000,
    times,
    (v) => v >= 0.8,
  );
  add(
    'largest protocol stall while GET /__admin/requests reads a 100,000-entry journal',
    '< 50 ms',
    limits && limits.stall && limits.stall.stallMs,
    ms,
    (v) => v < 50,
  );
  const dashboard = find(r.sections, 'dashboard');
  add(
    'throughput with a dashboard open / closed (median of paired rounds)',
    '>= 0.9x',
    dashboard && dashboard.openToClosed,
    times,
    (v) => v >= 0.9,
    dashboard && `rounds ${dashboard.openToClosedRange.map(times).join(' to ')}`,
  );
  add(
    'throughput with 100 reading event streams / none (median of paired rounds)',
    '>= 0.8x',
    dashboard && dashboard.manyToClosed,
    times,
    (v) => v >= 0.8,
    dashboard && dashboard.manyToClosedRange && `rounds ${dashboard.manyToClosedRange.map(times).join(' to ')}`,
  );
  const reload = r.reload && r.reload.cases;
  const small = reload && reload.find((c) => c.tokens === 10);
  const large = reload && reload.find((c) => c.tokens === 10000);
  add('hot reload median, 10-token file', '< 150 ms', small && small.medianMs, ms, (v) => v < 150);
  add('hot reload median, 10,000-token file', '< 1 s', large && large.medianMs, ms, (v) => v < 1000);
  return out;
}

module.exports = { evaluateTargets, find, server };
