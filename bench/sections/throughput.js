'use strict';
/** Throughput sections: baseline vs auth-sim over the same tokens, interleaved. */
const { compareServers } = require('../compare');
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

module.exports = { versusBaseline, handSection, mixSection, handTokens };
