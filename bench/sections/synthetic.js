'use strict';
/**
 * Random tokens from a synthetic population (issue 4's `generate` block). The baseline holds
 * ready bytes for a sample of the population, made by auth-sim's own generator, and the same
 * number of keys as the population in its Map (every other key points at a sample body), so
 * its per-request work is a lookup among N keys and a write of a real ~card-sized body. That is
 * cheaper than N distinct bodies in memory, so the comparison is strict for auth-sim.
 */
const path = require('node:path');
const { versusBaseline } = require('./throughput');
const servers = require('../servers');
const { loadSet, writeBodies } = require('../bodies');

/** `synth-{n}` for n in the population's range (issue 4 numbers tokens from 1). */
function syntheticTokens(count, first = 1) {
  return Array.from({ length: count }, (_, i) => `synth-${first + i}`);
}

/** Writes the baseline's fixture for a population of `count` and returns its path. */
async function syntheticBodies(ctx, count, file) {
  const set = await loadSet([file]);
  const sample = syntheticTokens(Math.min(count, ctx.syntheticSample));
  const out = path.join(ctx.dir, `synth-${count}-bodies.json`);
  return writeBodies(out, set, {
    sampleTokens: sample,
    pad: count > sample.length ? { prefix: 'synth-', from: 1, count } : undefined,
  });
}

async function syntheticSection(ctx, count) {
  const file = ctx.fixtures.synth[count];
  return versusBaseline(ctx, {
    id: `synth-${count}`,
    title: `GET, random tokens from a ${count.toLocaleString('en-US')}-token synthetic population`,
    baselineSpec: servers.baseline('baseline', await syntheticBodies(ctx, count, file), { probeToken: 'synth-1' }),
    authSpec: servers.authSim('auth-sim', [file], { extraArgs: ctx.authArgs, probeToken: 'synth-1' }),
    load: { method: 'GET', tokens: syntheticTokens(count), seed: 13 },
  });
}

module.exports = { syntheticSection, syntheticBodies, syntheticTokens };
