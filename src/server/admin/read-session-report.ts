import { buildReport } from '../../caller-report/build-report';
import { judgeReport, type JudgedReport } from '../../caller-report/judge-report';
import type { ControlParts } from './control-parts';
import type { Session } from '../endpoint/session';
import { NearMissIndex, nearMisses } from '../endpoint/near-misses';

/** A session's report: its id and prefix beside the caller report of its requests alone. */
export type SessionReport = JudgedReport & { readonly session: { readonly id: string; readonly prefix: string } };

/**
 * The caller report over one session's requests, tokens named without the prefix, judged:
 * the `expect:` of each token it named or asked for (a test is not failed for tokens other tests
 * use), the run's own expectations, and unused tokens over the tokens it named (none named: not
 * judged). Waits for requests already answered to be recorded first.
 */
export async function readSessionReport(parts: ControlParts, session: Session): Promise<SessionReport> {
  await parts.settle();
  await parts.callers?.settle();
  const aggregates = await session.report.snapshot();
  const set = parts.store.ready ? parts.store.set : undefined;
  const named = [
    ...new Set([...(set?.entries.keys() ?? []), ...parts.runtime.tokens(), ...(session.runtimeIfAny?.tokens() ?? [])]),
  ];
  const index = new NearMissIndex(named);
  const report = buildReport(aggregates, {
    namedTokens: session.tokens ?? [],
    nearMisses: (token) => nearMisses(token, [index]),
    maxTokens: session.report.maxTokens,
  });
  const concerned = new Set([...(session.tokens ?? []), ...aggregates.tokens.keys()]);
  const expectations = [...(set?.expectations ?? []), ...parts.runExpectations].filter(
    (e) => e.token === null || concerned.has(e.token),
  );
  const judged = judgeReport(report, expectations, session.tokens !== null);
  return { session: { id: session.id, prefix: session.prefix }, ...judged };
}
