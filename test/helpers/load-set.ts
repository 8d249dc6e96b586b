import { loadScenarioSet, type LoadOptions, type LoadResult } from '../../src/scenario/compile/load-scenario-set';
import type { ScenarioText } from '../../src/scenario/base/read-scenario-sources';
import { compilePopulations } from '../../src/synth/compile-populations';

/** loadScenarioSet as the CLI calls it: with synth's population compiler. */
export function loadSet(texts: readonly ScenarioText[], options: LoadOptions = {}): LoadResult {
  return loadScenarioSet(texts, options, compilePopulations);
}
