import type { Problem } from '../scenario/problem';
import type { Logger } from './logger';
import { reportProblems } from './report-problems';

/** Prints a served set's warnings. */
export type ShowWarnings = (logger: Logger, warnings: readonly Problem[]) => void;

/**
 * Every warning, one line each, for a set the user chose; for the shipped examples served by
 * default (no --scenarios), one line with the count and the command that lists them: those
 * warnings are demonstrations (deprecated fields, an old protocol version), and a newcomer's
 * first screen should not open with them.
 */
export function warningsShown(shippedExamples: boolean): ShowWarnings {
  if (!shippedExamples) return reportProblems;
  return (logger, warnings) => {
    if (warnings.length === 0) return;
    const count = `${warnings.length} warning${warnings.length === 1 ? '' : 's'}`;
    logger.info(`the shipped examples demonstrate ${count} on purpose; see them with: npx auth-sim validate`);
  };
}
