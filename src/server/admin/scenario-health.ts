import { formatProblem, readSourceLine, type Problem } from '../../scenario/base/problem';
import type { ScenarioStatus } from '../../scenario/live/scenario-store';
import type { ControlParts } from './control-parts';
import { isSecretPath } from '../../scenario/schema/scenario-schema';
import { maskSecretLine } from '../../scenario/schema/mask-secret-line';

/** A problem as the dashboard shows it: `file:line:col message` and the line of the file it points at. */
interface ShownProblem extends Problem {
  readonly text: string;
  /** The source line the problem is on, as it is on disk now; null when it cannot be read. */
  readonly sourceLine: string | null;
}

/** The scenario status with tokens per file and each current problem's source line. */
export interface ScenarioHealth extends Omit<ScenarioStatus, 'lastError'> {
  readonly tokensPerFile: Readonly<Record<string, number>>;
  readonly populations: readonly { readonly description: string; readonly size: number }[];
  readonly runtimeTokens: readonly string[];
  readonly lastError: { readonly at: string; readonly problems: readonly ShownProblem[] } | null;
}

/** What the health view shows, read now (a broken file is read again for its source lines). */
export function scenarioHealth(parts: ControlParts): ScenarioHealth {
  const status = parts.store.status();
  const set = parts.store.ready ? parts.store.set : undefined;
  const tokensPerFile: Record<string, number> = {};
  for (const entry of set?.entries.values() ?? [])
    tokensPerFile[entry.source.file] = (tokensPerFile[entry.source.file] ?? 0) + 1;
  const populations = (set?.populations ?? []).map((p) => ({ description: p.description, size: p.size }));
  const lastError = status.lastError && {
    at: status.lastError.at,
    problems: status.lastError.problems.map(showProblem),
  };
  return { ...status, tokensPerFile, populations, runtimeTokens: parts.runtime.tokens(), lastError };
}

/** The problem's source line with any credential on it masked, or null. */
function maskedLine(problem: Problem): string | null {
  const line = readSourceLine(problem.file, problem.line);
  return line === undefined ? null : maskSecretLine(line);
}

function showProblem(problem: Problem): ShownProblem {
  // A line under `callerAuth:` holds a credential: the message names the problem, the line is not shown.
  return {
    ...problem,
    text: formatProblem(problem),
    sourceLine: isSecretPath(problem.path) ? null : maskedLine(problem),
  };
}
