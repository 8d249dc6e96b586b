'use strict';
/** Throughput sections: baseline vs auth-sim over the same tokens, interleaved. */
const fs = require('node:fs');
const path = require('node:path');
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
 * What users run against what it is measured by: auth-sim with its defaults (a line per request
 * to stdout, here a file, as `> auth-sim.log` would; the journal on) against `--quiet
 * --no-journal` and the bare node:http baseline, GET over the hand-written tokens. Paired rounds
 * in alternating order: each ratio is the median of the rounds' own ratios.
 */
async function requestLogSection(ctx) {
  const logFile = path.join(ctx.dir, 'request-log.txt');
  const fd = fs.openSync(logFile, 'w');
  try {
    const defaults = servers.authSim('auth-sim, defaults (request log to a file, journal)', [ctx.fixtures.hand], {
      extraArgs: ctx.authArgs,
      quiet: false,
    });
    const [base, logged, quiet] = await compareServers({
      specs: [
        servers.baseline('baseline', ctx.bodies.hand),
        { ...defaults, stdout: fd },
        servers.authSim('auth-sim, --quiet --no-journal', [ctx.fixtures.hand], {
          extraArgs: [...ctx.authArgs, '--no-journal'],
        }),
      ],
      load: { method: 'GET', tokens: handTokens(), seed: 19 },
      ...ctx.runOptions,
      rounds: ctx.journalRounds,
      alternate: true,
    });
    return {
      id: 'request-log',
      title: 'GET over hand-written tokens, defaults vs --quiet --no-journal',
      servers: [base, logged, quiet],
      toQuiet: pairedRatios(logged, quiet),
      toBaseline: pairedRatios(logged, base),
      logBytes: fs.fstatSync(fd).size,
      ratios: { defaults: logged.rps / base.rps, quiet: quiet.rps / base.rps },
    };
  } finally {
    fs.closeSync(fd);
    fs.rmSync(logFile, { force: true });
  }
}

/** `a` / `b` per round (run back to back): median and range of req/s, CPU per request (b / a) and p99. */
function pairedRatios(a, b) {
  const rps = a.runs.map((run, i) => run.rps / b.runs[i].rps);
  return {
    rps: median(rps),
    range: [Math.min(...rps), Math.max(...rps)],
    cpu: median(a.runs.map((run, i) => b.runs[i].cpuUs / run.cpuUs)),
    p99: a.p99 / b.p99,
  };
}

module.exports = { versusBaseline, handSection, mixSection, requestLogSection, handTokens };
