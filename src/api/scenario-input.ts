import type { ScenarioSources } from '../scenario/live/scenario-store';
import type { ScenarioFile } from './scenario-types';

export type { ScenarioEntry, ScenarioFile } from './scenario-types';

/** Scenarios for a program: a path to a file or directory, or a scenario file as a value. */
export type ScenarioInput = string | ScenarioFile;

/**
 * Paths stay paths; values become scenario texts named `<inline 1>`, `<inline 2>`..., as
 * indented JSON so problems point at a line and column of what the program wrote.
 */
export function toScenarioSources(input: ScenarioInput | readonly ScenarioInput[] | undefined): ScenarioSources {
  const list: readonly ScenarioInput[] = input === undefined ? [] : Array.isArray(input) ? input : [input as ScenarioInput];
  const paths: string[] = [];
  const inline: { file: string; text: string }[] = [];
  for (const item of list) {
    if (typeof item === 'string') paths.push(item);
    else inline.push({ file: `<inline ${inline.length + 1}>`, text: JSON.stringify(item, null, 2) ?? '' });
  }
  return { paths, inline };
}
