import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ScenarioText } from '../base/read-scenario-sources';
import {
  compileScenarioSet,
  type LoadOptions,
  type LoadResult,
  type PopulationCompiler,
} from '../compile/load-scenario-set';
import { checkOffThread } from './check-off-thread';

/**
 * loadScenarioSet for a running server: texts checked on a worker thread (checkOffThread), then
 * compiled here a slice of tokens at a time, with the requests that came in answered between
 * two slices. A 300,000-token reload holds no request up for more than a slice. `serving`: a set
 * is being served meanwhile (false for the first load, which has no request to hold up).
 */
export async function loadInSlices(
  texts: readonly ScenarioText[],
  options: LoadOptions,
  compilePopulations: PopulationCompiler,
  serving: boolean,
): Promise<LoadResult> {
  const checked = await checkOffThread(texts, options.wire, serving);
  return inSlices(compileScenarioSet(checked, options, compilePopulations));
}

/** Runs work that yields after each slice to its end, letting the event loop turn between two slices. */
export async function inSlices<T>(work: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}
