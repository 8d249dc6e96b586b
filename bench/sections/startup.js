'use strict';
/** Startup to first response, and memory, for each server over one scenario set. */
const { startServerProcess } = require('../process');
const { runLoad } = require('../load');
const { median } = require('../compare');

/**
 * One start of `spec`: spawn -> first complete response (startupMs), then `loadSeconds` of
 * random-token load, then VmRSS and VmHWM (peak) are read.
 */
async function startOnce(spec, { load, loadSeconds }) {
  const handle = await startServerProcess(spec);
  try {
    const startedRss = handle.memory().rss;
    if (load && loadSeconds > 0) await runLoad({ ...load, url: handle.url, seconds: loadSeconds, connections: 10 });
    const { rss, hwm } = handle.memory();
    return { startupMs: handle.startupMs, rssAtStart: startedRss, rss, peakRss: hwm };
  } finally {
    await handle.stop();
  }
}

/** A server's row from its starts: medians, and each start's time. */
function summariseStarts(name, samples) {
  return {
    name,
    startupMs: median(samples.map((s) => s.startupMs)),
    rssAtStart: median(samples.map((s) => s.rssAtStart)),
    rss: median(samples.map((s) => s.rss)),
    peakRss: median(samples.map((s) => s.peakRss)),
    startups: samples.map((s) => Math.round(s.startupMs)),
  };
}

/** Starts `spec` `times` times in a row (see startOnce); its row. */
async function measureStartup(spec, { times, load, loadSeconds }) {
  const samples = [];
  for (let i = 0; i < times; i++) samples.push(await startOnce(spec, { load, loadSeconds }));
  return summariseStarts(spec.name, samples);
}

/**
 * One startup case: auth-sim (one spec or several) and its baselines over the same token set,
 * started in turn within each round (auth-sim, baseline; then baseline, auth-sim; ...) so that a
 * neighbour's drift falls on both alike; each row is the median of its starts, and each start's
 * time is kept in round order (targets.js judges the rounds' ratios).
 */
async function startupCase(ctx, { id, title, authSpec, baselineSpecs, load }) {
  const specs = [authSpec, ...baselineSpecs].flat();
  const samples = specs.map(() => []);
  for (let round = 0; round < ctx.startupTimes; round++) {
    // Every other round in reverse, so auth-sim does not always start first (onto a cold cache).
    const order = specs.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) samples[i].push(await startOnce(specs[i], { load, loadSeconds: ctx.startupLoadSeconds }));
  }
  return { id, title, servers: specs.map((spec, i) => summariseStarts(spec.name, samples[i])) };
}

module.exports = { startupCase, measureStartup };
