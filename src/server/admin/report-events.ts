import type { ControlParts } from './control-parts';
import { openCallerReport } from './read-caller-report';
import type { JudgedReport } from '../../caller-report/judge-report';
import { wholeReport, type ReportReading } from '../../caller-report/report-reading';
import { plainRecordOf } from '../../caller-report/plain-record';

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
    void openCallerReport(parts)
      .then((report) => {
        sent = version;
        if (report !== null) send(trimmed(report));
      })
      .finally(() => (reading = false));
  };
}

/**
 * The reading with STREAMED_REPORT_TOKENS tokens, the only ones built when there are more: the
 * failing ones first (the Caller view lists them first), then the busiest.
 */
function trimmed(reading: ReportReading): StreamedReport {
  const tokensTotal = reading.tokenCount;
  if (tokensTotal <= STREAMED_REPORT_TOKENS) return { ...wholeReport(reading), tokensTotal };
  const { since, ...rest } = reading.summary;
  const failing = new Set(
    rest.expectations.flatMap((r) => (r.token !== null && r.outcome === 'fail' ? [r.token] : [])),
  );
  return { since, tokens: plainRecordOf(reading.busiest(STREAMED_REPORT_TOKENS, failing)), ...rest, tokensTotal };
}
