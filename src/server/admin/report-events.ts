import type { ControlParts } from './control-parts';
import { readCallerReport } from './read-caller-report';
import type { JudgedReport } from '../../caller-report/judge-report';

/** The most tokens one `report` event carries, failing ones first, then the busiest: the page plots them, not 10,000. */
const STREAMED_REPORT_TOKENS = 500;

/** A `report` event: the judged report with at most STREAMED_REPORT_TOKENS tokens, and how many there are. */
export interface StreamedReport extends JudgedReport {
  readonly tokensTotal: number;
}

/**
 * A poll for the event stream: sends the caller report when it changed since the last send
 * (the tracker's version), so an idle simulator sends nothing and a busy one at most once a poll.
 */
export function reportPoller(parts: ControlParts, send: (report: StreamedReport) => void): () => void {
  const tracker = parts.callers;
  if (tracker === undefined) return () => undefined;
  let sent = -1;
  let reading = false;
  return () => {
    if (reading || tracker.version === sent) return;
    const version = tracker.version;
    reading = true;
    void readCallerReport(parts)
      .then((report) => {
        sent = version;
        if (report !== null) send(trimmed(report));
      })
      .finally(() => (reading = false));
  };
}

/**
 * The report cut to STREAMED_REPORT_TOKENS tokens: a token with a failed expectation is never
 * left out while there is room (the Caller view lists failing tokens first), then tokens with
 * any expectation, then the busiest.
 */
function trimmed(report: JudgedReport): StreamedReport {
  const all = Object.entries(report.tokens);
  if (all.length <= STREAMED_REPORT_TOKENS) return { ...report, tokensTotal: all.length };
  const rank = new Map<string, number>();
  for (const r of report.expectations)
    if (r.token !== null) rank.set(r.token, Math.min(rank.get(r.token) ?? 1, r.outcome === 'fail' ? 0 : 1));
  const kept = [...all]
    .sort((a, b) => (rank.get(a[0]) ?? 2) - (rank.get(b[0]) ?? 2) || b[1].calls - a[1].calls)
    .slice(0, STREAMED_REPORT_TOKENS);
  return { ...report, tokens: Object.fromEntries(kept), tokensTotal: all.length };
}
