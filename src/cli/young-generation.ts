import { PerformanceObserver } from 'node:perf_hooks';
import type * as V8 from 'node:v8';

/**
 * The most V8's young generation (its new space: two semi-spaces) grows to in a serving process:
 * 16 MiB, half of what V8 allows on 64-bit Node 20 (16 MiB a semi-space).
 */
const NEW_SPACE_CAP = 16 * 1024 * 1024;

/** V8's own factor: each growth doubles the new space. */
const V8_GROWTH_FACTOR = 2;

/**
 * Holds the new space at NEW_SPACE_CAP. V8 doubles it whenever more bytes have survived scavenges
 * since its last growth than it holds, and a simulator's survive by design (each request's caller
 * report exchange and request-log line, until they are folded and written), so under load it grows
 * to 32 MiB: about 10 MB more RSS, to save ~0.7 µs of scavenging a request (bench/README, "Peak RSS under load"). V8 reads
 * --max-semi-space-size only when it makes the heap, which would need a flag on node's command
 * line (the bin's shebang cannot carry one portably); it reads --semi-space-growth-factor at each
 * growth, so this sets it to 1 once a garbage collection leaves the new space at the cap, and
 * back to V8's 2 when V8 has shrunk it below (after a quiet spell). A process started with its own
 * semi-space flags (NODE_OPTIONS, node's command line) is left as its owner tuned it. Written by
 * hand: no package sets V8's young generation from inside a running process.
 */
export function capYoungGeneration(): void {
  if (tunedByOwner()) return;
  let capped = false;
  // A gc entry arrives after each collection, the only time the new space changes size.
  new PerformanceObserver(() => {
    // Required here, not above: loading node:v8 takes ~4 ms, which a start would wait for.
    const v8 = require('node:v8') as typeof V8;
    const atCap = newSpaceSize(v8) >= NEW_SPACE_CAP;
    if (atCap === capped) return;
    capped = atCap;
    v8.setFlagsFromString(`--semi-space-growth-factor=${atCap ? 1 : V8_GROWTH_FACTOR}`);
  }).observe({ entryTypes: ['gc'] });
}

function newSpaceSize(v8: typeof V8): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/** Whether node was started with a semi-space flag of its owner's. */
function tunedByOwner(): boolean {
  return [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => /semi[-_]space/.test(flag));
}
