import type { PopulationCompiler } from '../scenario/compile/load-scenario-set';
import type * as CompilePopulationsModule from '../synth/compile-populations';

/**
 * synth's population compiler, loaded the first time a file has `generate:` (loadScenarioSet calls
 * it only then): a start without populations loads none of synth's code.
 */
export const compilePopulationsOnDemand: PopulationCompiler = (...args) =>
  (require('../synth/compile-populations') as typeof CompilePopulationsModule).compilePopulations(...args);
