import type { SetChanges } from '../scenario/live/diff-sets';
import type { ReloadOutcome, ScenarioStore } from '../scenario/live/scenario-store';
import { tokenCount } from '../scenario/compile/scenario-set';
import type { Problem } from '../scenario/base/problem';
import type { Simulator } from '../server/run-simulator';
import type { Logger } from './logger';
import { reportProblems } from './report-problems';

const NAMES_SHOWN = 5;

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
    if (warnings.length > 0)
      logger.info(
        `the shipped examples demonstrate ${plural(warnings.length, 'warning')} on purpose; see them with: npx auth-sim validate`,
      );
  };
}

/**
 * Prints one line per reload (files, tokens, what changed, how long), every problem of a failed
 * one with "still serving the last good set", and watcher errors; reloads on SIGHUP.
 */
export function followReloads(simulator: Simulator, logger: Logger, showWarnings: ShowWarnings): void {
  const { store } = simulator;
  store.on('reloaded', (outcome: Extract<ReloadOutcome, { ok: true }>) => {
    showWarnings(logger, outcome.set.warnings);
    logger.info(describeReload(outcome));
  });
  store.on('reload-failed', (outcome: Extract<ReloadOutcome, { ok: false }>) => {
    reportProblems(logger, outcome.problems);
    logger.event('error', 'reload-failed', describeFailure(outcome, store), { problems: outcome.problems });
  });
  simulator.watcher?.on('watch-error', (error: Error) =>
    logger.warn(`watching scenarios: ${error.message}; send SIGHUP to reload by hand`),
  );
  simulator.watcher?.on('watch-stopped', (why: string) =>
    logger.warn(
      `watching stopped: ${why}; still serving the last good set, and watching resumes when it is back (SIGHUP reloads by hand)`,
    ),
  );
  simulator.watcher?.on('watch-resumed', (roots: string) => logger.info(`watching ${roots} again`));
  process.on('SIGHUP', () => void store.reload('SIGHUP'));
}

/** `reload (a.yaml): 2 files, 40 tokens; added 1, removed 0, changed 2 (+bob ~alice ~carol); 12 ms` */
function describeReload(outcome: Extract<ReloadOutcome, { ok: true }>): string {
  const { set, changes, trigger, ms } = outcome;
  const size = `${plural(set.files.length, 'file')}, ${plural(tokenCount(set), 'token')}`;
  return `reload (${trigger}): ${size}; ${describeChanges(changes)}; ${formatMs(ms)} ms`;
}

/** `reload (a.yaml) failed with 1 problem; still serving the last good set (loaded at ..., 40 tokens)` */
function describeFailure(outcome: Extract<ReloadOutcome, { ok: false }>, store: ScenarioStore): string {
  const status = store.status();
  const kept = status.loadedAt
    ? `still serving the last good set (loaded at ${status.loadedAt}, ${plural(status.tokens, 'token')})`
    : 'nothing to serve yet';
  return `reload (${outcome.trigger}) failed with ${plural(outcome.problems.length, 'problem')}; ${kept}`;
}

function describeChanges(changes: SetChanges): string {
  const { added, removed, changed, fallbackChanged, populationsAdded, populationsRemoved } = changes;
  const fallback = fallbackChanged ? ', fallback changed' : '';
  const populations = [
    ...populationsAdded.map((p) => `+population ${p}`),
    ...populationsRemoved.map((p) => `-population ${p}`),
  ].join(' ');
  if (added.length + removed.length + changed.length === 0)
    return populations === '' ? `no token changed${fallback}` : `no named token changed${fallback}; ${populations}`;
  const names = [
    ...populationsAdded.map((p) => `+population ${p}`),
    ...populationsRemoved.map((p) => `-population ${p}`),
    ...added.map((t) => `+${shortName(t)}`),
    ...removed.map((t) => `-${shortName(t)}`),
    ...changed.map((t) => `~${shortName(t)}`),
  ];
  const more = names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : '';
  const shown = `${names.slice(0, NAMES_SHOWN).join(' ')}${more}`;
  return `added ${added.length}, removed ${removed.length}, changed ${changed.length}${fallback} (${shown})`;
}

/** Characters of a token name the reload line shows; a longer one (a 5 MB name is possible) is cut and its length said. */
const NAME_SHOWN_CHARS = 40;

function shortName(name: string): string {
  if (name.length <= NAME_SHOWN_CHARS + 1) return name;
  return `${name.slice(0, NAME_SHOWN_CHARS)}...(${name.length.toLocaleString('en-US')} characters)`;
}

/** Whole milliseconds, but a tenth under 10 ms: most reloads take a few, and "0 ms" says nothing. */
function formatMs(ms: number): string {
  return ms < 10 ? ms.toFixed(1) : String(Math.round(ms));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
