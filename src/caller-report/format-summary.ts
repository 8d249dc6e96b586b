import type { JudgedReport } from './judge-report';
import { escapeControls } from '../scenario/base/escape-controls';

/** The most failure or warning lines a summary shows before "... and N more". */
const SHOWN_LINES = 15;

/** The requests the scenarios did not answer, when there are any: "; 3 answered during an outage, 2 proxied to the real service". */
export function notScripted(c: { readonly outage: number; readonly proxied: number }): string {
  const parts = [];
  if (c.outage > 0) parts.push(`${c.outage} answered during an outage`);
  if (c.proxied > 0) parts.push(`${c.proxied} proxied to the real service`);
  return parts.length === 0 ? '' : `; ${parts.join(', ')}`;
}

/**
 * The verdict in one screen of text, for a terminal: a headline with the counts, then the
 * failures and warnings (each file:line:col first, so editors and CI logs link them), a
 * caller's token's controls written `\uXXXX` so it cannot move the cursor or recolour the log.
 * `whereAll` says where the lines past the first screen are: a server that is still up, or a file.
 */
export function formatSummary(report: JudgedReport, whereAll = 'GET /__admin/report lists all'): string[] {
  const tokens = Object.keys(report.tokens).length;
  const c = report.caller;
  const waited =
    c.abandonedAfterMs === null ? '' : `, gave up after ${Math.round(c.abandonedAfterMs.median)} ms (median)`;
  const lines = [
    `caller report: ${report.verdict.toUpperCase()}: ${c.requests} request(s) for ${tokens} token(s) on ${c.connections} connection(s)${waited}; ${report.unknownTokens.count} for unknown tokens, ${report.unusedTokens.length} token(s) never requested${notScripted(c)}`,
  ];
  const listed = [...report.failures, ...report.warnings.map((w) => `warning: ${w}`)];
  for (const line of listed.slice(0, SHOWN_LINES)) lines.push(`  ${escapeControls(line)}`);
  if (listed.length > SHOWN_LINES) lines.push(`  ... and ${listed.length - SHOWN_LINES} more (${whereAll})`);
  return lines;
}
