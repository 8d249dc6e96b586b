'use strict';
/**
 * Preloaded (`node --expose-gc -r bench/tick-shape-probe.js <server>`) by bench/tick-shape-check.js.
 *
 * 1. Right after the server's start, runs a few full collections with no nextTick entry queued:
 *    what an idle server's start leaves to happen anyway, made certain and quick.
 * 2. On SIGUSR2, prints `nextTick <ns>`: the cost of one process.nextTick call (best of 30
 *    batches of 2,000), ~0.06 µs while nextTick's inline cache holds one class, 0.3-0.7 µs once
 *    it has gone megamorphic (see src/server/keep-tick-shape.ts).
 */
const COLLECTIONS = 6;

async function collectWithNothingQueued() {
  for (let i = 0; i < COLLECTIONS; i++) {
    // Two entries (with and without arguments) run and are gone before the collection.
    await new Promise((resolve) => process.nextTick(resolve));
    await new Promise((resolve) => process.nextTick(() => resolve(), 1, 2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    global.gc();
  }
}

async function reportTickCost() {
  const noop = () => {};
  let best = Infinity;
  for (let batch = 0; batch < 30; batch++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < 2000; i++) process.nextTick(noop, i, i);
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 2000);
    await new Promise((resolve) => setImmediate(resolve));
  }
  process.stdout.write(`nextTick ${best.toFixed(0)} ns\n`);
}

if (typeof global.gc !== 'function') throw new Error('tick-shape-probe.js needs node --expose-gc');
setTimeout(collectWithNothingQueued, 200);
process.on('SIGUSR2', reportTickCost);
