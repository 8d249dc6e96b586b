'use strict';
/** Interleaved runs of several servers under the same load; medians per server. */
const { startServerProcess, sampleRss, readMachineCpu } = require('./process');
const { runLoad } = require('./load');
const { waitForQuiet } = require('./quiet');
const { probeCpuSpeed } = require('./machine');

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One timed load run against a running server, with its CPU use and the largest RSS seen. */
async function measuredRun(handle, load, seconds, quiet) {
  const calm = await waitForQuiet(quiet);
  probeCpuSpeed();
  const stopSampling = sampleRss(handle);
  const cpuBefore = handle.cpuSeconds();
  const machineBefore = readMachineCpu();
  const started = performance.now();
  const run = await runLoad({ ...load, url: handle.url, seconds });
  const wall = (performance.now() - started) / 1000;
  const serverSeconds = handle.cpuSeconds() - cpuBefore;
  run.serverCpu = serverSeconds / wall;
  // Server CPU per answered request: the figure a busy neighbour disturbs least.
  run.cpuUs = (serverSeconds * 1e6) / Math.max(1, run.total);
  // CPU used by anything else on the machine (cores' worth): a busy neighbour shows up here.
  const machineBusy = readMachineCpu().busy - machineBefore.busy;
  run.otherCpu = Math.max(0, machineBusy / wall - run.serverCpu - run.generatorCpu);
  run.rss = stopSampling();
  run.waitedMs = calm.waitedMs;
  return run;
}

function summarise(handle, runs) {
  const pick = (key) => median(runs.map((r) => r[key]));
  return {
    name: handle.name,
    rps: pick('rps'),
    p50: pick('p50'),
    p99: pick('p99'),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    statuses: runs[runs.length - 1].statuses,
    serverCpu: pick('serverCpu'),
    generatorCpu: pick('generatorCpu'),
    otherCpu: pick('otherCpu'),
    cpuUs: pick('cpuUs'),
    rssUnderLoad: Math.max(...runs.map((r) => r.rss)),
    peakRss: handle.memory().hwm,
    startupMs: handle.startupMs,
    runs: runs.map((r) => ({
      rps: Math.round(r.rps),
      p50: r.p50,
      p99: r.p99,
      serverCpu: r.serverCpu,
      generatorCpu: r.generatorCpu,
      otherCpu: r.otherCpu,
      cpuUs: r.cpuUs,
      waitedMs: r.waitedMs,
    })),
  };
}

/**
 * Starts every server (`specs`: {name, args, probePath}), warms each up, then runs the same load
 * `rounds` times in turn (A, B, A, B, ...) so drift hits both alike. Servers are always stopped.
 * `afterRuns(handles)`, if given, is awaited after the last round, while the servers still run.
 */
async function compareServers({
  specs,
  load,
  rounds,
  seconds,
  warmupSeconds = 1,
  quiet,
  alternate = false,
  afterRuns,
}) {
  const handles = [];
  try {
    // `spec.afterStart(handle)`, if given, runs once the server answers (e.g. to open a dashboard's stream).
    for (const spec of specs) {
      const handle = await startServerProcess(spec);
      handles.push(handle);
      if (spec.afterStart) await spec.afterStart(handle);
    }
    for (const handle of handles) await runLoad({ ...load, url: handle.url, seconds: warmupSeconds });
    const runs = handles.map(() => []);
    for (let round = 0; round < rounds; round++) {
      // `alternate`: every other round runs the servers after the first in reverse order, so no
      // one of them always runs right after the baseline (a pair compared round by round).
      const order = handles.map((_, i) => i);
      if (alternate && round % 2 === 1) order.splice(1, order.length - 1, ...order.slice(1).reverse());
      for (const i of order) runs[i].push(await measuredRun(handles[i], load, seconds, quiet));
    }
    if (afterRuns) await afterRuns(handles);
    return handles.map((handle, i) => summarise(handle, runs[i]));
  } finally {
    for (const handle of handles) await handle.stop();
  }
}

module.exports = { compareServers, median };
