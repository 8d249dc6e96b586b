import type { JudgedReport } from '../../caller-report/judge-report';
import { readReport, wholeReport, type ReportReading } from '../../caller-report/report-reading';
import type { ControlParts } from './control-parts';
import { NearMissIndex, nearMisses } from '../endpoint/near-misses';

/**
 * The caller report of a running simulator, judged, for writing out: its store's aggregates, with
 * the tokens the served set and the runtime entries name (for unused tokens and near misses),
 * checked against the set's `expect:` and the run-wide flags; each token's figures are built as
 * they are written. Waits for requests already answered to be recorded first. Null with the report off.
 */
export async function openCallerReport(parts: ControlParts): Promise<ReportReading | null> {
  if (parts.callers === undefined) return null;
  await parts.settle();
  await parts.callers.settle();
  const set = parts.store.ready ? parts.store.set : undefined;
  const named = [...new Set([...(set?.entries.keys() ?? []), ...parts.runtime.tokens()])];
  const index = new NearMissIndex(named);
  return readReport(
    await parts.callers.store.snapshot(),
    { namedTokens: named, nearMisses: (token) => nearMisses(token, [index]), maxTokens: parts.reportTokens },
    [...(set?.expectations ?? []), ...parts.runExpectations],
  );
}

/** The caller report whole, as `sim.report()` and `run` hold it (bounded by --report-tokens). Null with the report off. */
export async function readCallerReport(parts: ControlParts): Promise<JudgedReport | null> {
  const reading = await openCallerReport(parts);
  return reading === null ? null : wholeReport(reading);
}
