import type { JudgedReport } from './judge-report';
import type { TokenReport } from './build-report';
import { readingOf, type ReportReading } from './report-reading';
import { notScripted } from './format-summary';
import { escapeControls } from '../scenario/base/escape-controls';

/**
 * The verdict as Markdown for a CI job summary: the verdict, a table of the expectations, the
 * tokens' figures, and the unknown and unused tokens. Written by hand: a table is a join of
 * cells (markdown-table, considered, is ESM-only, which Jest's CommonJS cannot load). What the
 * caller or a file named (tokens, the seen text, places) is a code span, so no markup in it acts.
 */
export function formatMarkdown(report: JudgedReport): string {
  return [...markdownPieces(readingOf(report))].join('');
}

/** formatMarkdown a line at a time, each token's row built when reached. */
export function* markdownPieces(reading: ReportReading): Generator<string> {
  const report = reading.summary;
  yield `## auth-sim caller report: ${report.verdict === 'pass' ? 'PASS' : 'FAIL'}\n\n`;
  yield `${report.caller.requests} request(s) on ${report.caller.connections} connection(s), at most ${report.caller.maxConcurrent} at once, since ${report.since}${notScripted(report.caller)}.\n\n`;
  yield* table(
    ['', 'token', 'expectation', 'expected', 'seen', 'where'],
    report.expectations.map((r) => [
      mark(r.outcome),
      r.token === null ? '(run)' : literal(r.token),
      plain(r.expectation),
      plain(r.expected),
      literal(r.seen),
      literal(r.where),
    ]),
  );
  if (reading.tokenCount > 0) {
    yield '\n### Tokens\n\n';
    yield* table(
      ['token', 'calls', 'statuses', 'retries', 'back-off', 'gaps (ms)', 'abandoned after (ms)', 'calls after card'],
      tokenRows(reading),
    );
  }
  if (report.untracked.requests > 0)
    yield `\n${report.untracked.requests} request(s) for tokens past the ${report.untracked.maxTokens}-token cap are counted together.\n`;
}

function* tokenRows(reading: ReportReading): Generator<readonly string[]> {
  for (const [token, t] of reading.tokens())
    yield [
      tokenLabel(token, t),
      String(t.calls),
      plain(
        Object.entries(t.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' '),
      ),
      String(t.retries),
      t.backoff,
      t.gapsMs.join(', '),
      t.abandonedAfterMs.join(', '),
      String(t.callsAfterCard),
    ];
}

/** A token's name, with what did not come from its own entry: unknown, proxied, answered during an outage. */
function tokenLabel(token: string, t: TokenReport): string {
  const notes = [];
  if (t.proxied > 0) notes.push(`proxied ×${t.proxied}`);
  else if (!t.known) notes.push('unknown');
  if (t.outage > 0) notes.push(`outage ×${t.outage}`);
  return notes.length === 0 ? literal(token) : `${literal(token)} (${notes.join(', ')})`;
}

function mark(outcome: 'pass' | 'fail' | 'warn'): string {
  return outcome === 'pass' ? '✅' : outcome === 'fail' ? '❌' : '⚠️';
}

/** Cells already made safe (plain, literal or figures), as a GFM table, a line at a time. */
function* table(head: readonly string[], rows: Iterable<readonly string[]>): Generator<string> {
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |\n`;
  yield row(head);
  yield row(head.map(() => '---'));
  for (const cells of rows) yield row(cells);
}

/** Our own words in a cell: backslashes and pipes escaped, line breaks and controls made visible. */
function plain(text: string): string {
  return escapeControls(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/**
 * Text as written, in a code span fenced by more backticks than it holds (CommonMark 6.1):
 * markup, links and HTML in it stay text. Its controls are written `\uXXXX` (a lone CR would end
 * the line for GitHub), and a pipe is escaped, which GFM tables need even inside a code span.
 */
function literal(text: string): string {
  const safe = escapeControls(text).replace(/\|/g, '\\|');
  if (safe === '') return '';
  const fence = '`'.repeat(Math.max(0, ...(safe.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  const pad = /^[` ]|[` ]$/.test(safe) ? ' ' : '';
  return `${fence}${pad}${safe}${pad}${fence}`;
}
