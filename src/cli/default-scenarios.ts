import { existsSync } from 'node:fs';
import path from 'node:path';

/** The example set shipped in the package's `scenarios/`, used when no path is given and ./scenarios does not exist. */
export const DEFAULT_SCENARIOS = path.resolve(__dirname, '..', '..', 'scenarios');

/** The paths a command reads, and the line that says where they came from when the user named none. */
export interface ChosenScenarios {
  readonly paths: readonly string[];
  /** Set when no path was given: which set is used, and why. */
  readonly note: string | null;
  /** Set when the shipped examples are used: why (no path given, and which folder that left). */
  readonly shippedBecause: string | null;
}

/**
 * The scenarios to read: the given paths; with none, the project's own `./scenarios` when it
 * exists (so `npx auth-sim validate` in a project checks that project's files, not the examples
 * inside node_modules), else the shipped examples, saying so.
 */
export function chooseScenarios(given: readonly string[] | undefined, cwd = process.cwd()): ChosenScenarios {
  if (given !== undefined && given.length > 0) return { paths: given, note: null, shippedBecause: null };
  const own = path.join(cwd, 'scenarios');
  if (!existsSync(own)) {
    const because = 'no path given and no ./scenarios here';
    return {
      paths: [DEFAULT_SCENARIOS],
      note: `${because}: using the shipped examples in ${DEFAULT_SCENARIOS}`,
      shippedBecause: because,
    };
  }
  // In auth-sim's own checkout ./scenarios is the shipped folder: say so rather than "no ./scenarios".
  const shipped = path.resolve(own) === DEFAULT_SCENARIOS;
  return {
    paths: ['scenarios'],
    note: `no path given: using ./scenarios${shipped ? ', the shipped examples' : ''}`,
    shippedBecause: shipped ? 'no path given, and ./scenarios is the shipped folder' : null,
  };
}

/** The repeatable --scenarios flag's collector. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
