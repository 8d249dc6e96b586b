import path from 'node:path';

/** The example set shipped in the package's `scenarios/`, served when no --scenarios is given. */
export const DEFAULT_SCENARIOS = path.resolve(__dirname, '..', '..', 'scenarios');

/** The repeatable --scenarios flag's collector. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
