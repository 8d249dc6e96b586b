'use strict';
/** Throughput sections: baseline vs auth-sim over the same tokens, interleaved. */
const { compareServers, median } = require('../compare');
const servers = require('../servers');
const { handToken, errorToken, HAND_TOKENS, ERROR_TOKENS } = require('../fixtures');

/** Runs `load` against the baseline and auth-sim in turn; the section carries both and the ratios. */
async function versusBaseline(ctx, { id, title, baselineSpec, authSpec, load }) {
  const [base, sim] = await compareServers({ specs: [baselineSpec, authSpec], load, ...ctx.runOptions });
  return { id, title, servers: [base, sim], ratios: ratios(sim, base) };
}

/** auth-sim / baseline for each figure. */
function ratios(sim, base) {
  return {
    rps: sim.rps / base.rps,
    p99: sim.p99 / base.p99,
    peakRss: sim.peakRss / base.peakRss,
    startup: sim.startupMs / base.startupMs,
  };
}

function handTokens() {
  return Array.from({ length: HAND_TOKENS }, (_, i) => handToken(i));
}

/** GET or POST over the 1,000 hand-written tokens. */
function handSection(ctx, method) {
  return versusBaseline(ctx, {
    id: `hand-${method.toLowerCase()}`,
    title: `${method} over ${HAND_TOKENS} hand-written tokens`,
    baselineSpec: servers.baseline('baseline', ctx.bodies.hand),
    authSpec: servers.authSim('auth-sim', [ctx.fixtures.hand], { extraArgs: ctx.authArgs }),
    load: { method, tokens: handTokens(), seed: 7 },
  });
}

/** 80% hand-written cards, 10% error entries, 10% unknown tokens answered by the fallback. */
function mixTokens() {
  const tokens = handTokens().slice(0, 800);
  for (let i = 0; i < 100; i++) tokens.push(errorToken(i % ERROR_TOKENS));
  for (let i = 0; i < 100; i++) tokens.push(`unknown-${i}`);
  return tokens;
}

function mixSection(ctx) {
  return versusBaseline(ctx, {
    id: 'mix',
    title: 'GET mix: 80% cards, 10% error entries, 10% unknown tokens (fallback)',
    baselineSpec: servers.baseline('baseline', ctx.bodies.mix),
    authSpec: servers.authSim('auth-sim', [ctx.fixtures.mix], { extraArgs: ctx.authArgs }),
    load: { method: 'GET', tokens: mixTokens(), seed: 11 },
  });
}

/**
 * What the default request log (and journal) cost: auth-sim as users run it, a line per request
 * to stdout (/dev/null here), against `--quiet --no-journal`, GET over the hand-written tokens.
 * Paired rounds in alternating order, as for the journal: the ratio is a few per cent wide.
 */
async function requestLogSection(ctx) {
  const [base, defaults, quiet] = await compareServers({
    specs: [
      servers.baseline('baseline', ctx.bodies.hand),
      servers.authSim('auth-sim, defaults (request log on stdout, journal)', [ctx.fixtures.hand], {
        extraArgs: ctx.authArgs,
        quiet: false,
      }),
      servers.authSim('auth-sim, --quiet --no-journal', [ctx.fixtures.hand], {
        extraArgs: [...ctx.authArgs, '--no-journal'],
      }),
    ],
    load: { method: 'GET', tokens: handTokens(), seed: 19 },
    ...ctx.runOptions,
    rounds: ctx.journalRounds,
    alternate: true,
  });
  const pairs = defaults.runs.map((run, i) => ({
    rps: run.rps / quiet.runs[i].rps,
    cpu: quiet.runs[i].cpuUs / run.cpuUs,
  }));
  return {
    id: 'request-log',
    title: 'GET over hand-written tokens, defaults vs --quiet --no-journal',
    servers: [base, defaults, quiet],
    // defaults / quiet, the median of each round's pair, and the same in server CPU per request.
    ratio: median(pairs.map((p) => p.rps)),
    ratioRange: [Math.min(...pairs.map((p) => p.rps)), Math.max(...pairs.map((p) => p.rps))],
    cpuRatio: median(pairs.map((p) => p.cpu)),
    ratios: { defaults: defaults.rps / base.rps, quiet: quiet.rps / base.rps },
  };
}

module.exports = { versusBaseline, handSection, mixSection, requestLogSection, handTokens };
