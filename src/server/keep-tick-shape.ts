import { executionAsyncResource } from 'node:async_hooks';

let kept: object | undefined;

/**
 * Keeps one of Node's nextTick queue objects alive for as long as the process runs.
 *
 * Why: Node answers each request through several `process.nextTick` calls, and nextTick builds
 * each queue entry as an object literal with symbol keys. V8 holds that literal's hidden class
 * (map) only weakly, so a full garbage collection that runs while no entry is queued (an idle
 * server after a start's parsing, or a busy one between two requests) drops it, and the next
 * call makes a new one. Once nextTick's inline cache has seen more classes than it holds (four),
 * it goes megamorphic, and from then on every nextTick takes V8's slow runtime path (0.3-0.7 µs
 * a call instead of ~0.06, measured): 20-30% of a simple GET's throughput, for the rest of the
 * process. One entry kept alive keeps its class alive, so the cache stays on that one class.
 * See bench/README.md, "The nextTick slowdown". bench/baseline-server.js does the same.
 */
export function keepTickShape(): void {
  if (kept) return;
  process.nextTick(() => {
    // Inside a nextTick callback the current async resource is the queue entry itself.
    kept ??= executionAsyncResource();
  });
}

/** The entry being kept (undefined before the first server start); for the test that guards it. */
export function keptTickEntry(): object | undefined {
  return kept;
}
