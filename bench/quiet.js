'use strict';
/** Waits for the machine to be quiet before a timed run, so a busy neighbour skews fewer runs. */
const { readMachineCpu } = require('./process');

/** Cores' worth of CPU the whole machine uses over `windowMs` (the servers under test idle meanwhile). */
async function machineBusy(windowMs) {
  const before = readMachineCpu();
  await new Promise((r) => setTimeout(r, windowMs));
  return (readMachineCpu().busy - before.busy) / (windowMs / 1000);
}

/**
 * Resolves once the machine uses under `threshold` cores over a 500 ms window, or after `maxMs`
 * regardless. Returns how long it waited and the last reading, for the report.
 */
async function waitForQuiet({ threshold = 0.25, maxMs = 15000 } = {}) {
  if (maxMs <= 0) return { waitedMs: 0, busyBefore: null };
  const started = performance.now();
  let busy = await machineBusy(500);
  while (busy > threshold && performance.now() - started < maxMs) busy = await machineBusy(500);
  return { waitedMs: Math.round(performance.now() - started), busyBefore: Number(busy.toFixed(2)) };
}

module.exports = { waitForQuiet };
