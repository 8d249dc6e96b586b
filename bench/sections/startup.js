'use strict';
/** Startup to first response, and memory, for each server over one scenario set. */
const { startServerProcess } = require('../process');
const { runLoad } = require('../load');
const { median } = require('../compare');

/**
 * Starts `spec` `times` times; each time: spawn -> first complete response (startupMs), then
 * `loadSeconds` of random-token load, then VmRSS and VmHWM (peak) are read.
 */
async function measureStartup(spec, { times, load, loadSeconds }) {
  const samples = [];
  for (let i = 0; i < times; i++) {
    const handle = await startServerProcess(spec);
    try {
      const startedRss = handle.memory().rss;
      if (load && loadSeconds > 0) await runLoad({ ...load, url: handle.url, seconds: loadSeconds, connections: 10 });
      const { rss, hwm } = handle.memory();
      samples.push({ startupMs: handle.startupMs, rssAtStart: startedRss, rss, peakRss: hwm });
    } finally {
      await handle.stop();
    }
  }
  return {
    name: spec.name,
    startupMs: median(samples.map((s) => s.startupMs)),
    rssAtStart: median(samples.map((s) => s.rssAtStart)),
    rss: median(samples.map((s) => s.rss)),
    peakRss: median(samples.map((s) => s.peakRss)),
    startups: samples.map((s) => Math.round(s.startupMs)),
  };
}

/** One startup case: auth-sim (one spec or several: first start, repeat start) and its baselines over the same token set. */
async function startupCase(ctx, { id, title, authSpec, baselineSpecs, load }) {
  const options = { times: ctx.startupTimes, load, loadSeconds: ctx.startupLoadSeconds };
  const servers = [];
  for (const spec of [authSpec, ...baselineSpecs].flat()) servers.push(await measureStartup(spec, options));
  return { id, title, servers };
}

module.exports = { startupCase, measureStartup };
