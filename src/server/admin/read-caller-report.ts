import { buildReport } from '../../caller-report/build-report';
import { judgeReport, type JudgedReport } from '../../caller-report/judge-report';
import type { ControlParts } from './control-parts';
import { NearMissIndex, nearMisses } from '../endpoint/near-misses';

/**
 * The caller report of a running simulator, judged: its store's aggregates, with the tokens the
 * served set and the runtime entries name (for unused tokens and near misses), checked against
 * the set's `expect:` and the run-wide flags. Waits for requests already answered to be recorded
 * first. Null with the report off.
 */
export async function readCallerReport(parts: ControlParts): Promise<JudgedReport | null> {
  if (parts.callers === undefined) return null;
  await parts.settle();
  await parts.callers.settle();
  const set = parts.store.ready ? parts.store.set : undefined;
  const named = [...new Set([...(set?.entries.keys() ?? []), ...parts.runtime.tokens()])];
  const index = new NearMissIndex(named);
  const report = buildReport(await parts.callers.store.snapshot(), {
    namedTokens: named,
    nearMisses: (token) => nearMisses(token, [index]),
    maxTokens: parts.reportTokens,
  });
  return judgeReport(report, [...(set?.expectations ?? []), ...parts.runExpectations]);
}
