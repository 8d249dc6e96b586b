import type { JudgedReport } from './judge-report';
import { notScripted } from './format-summary';

/**
 * The verdict as Markdown for a CI job summary: the verdict, a table of the expectations, the
 * tokens' figures, and the unknown and unused tokens. Written by hand: a table is a join of
 * cells (markdown-table, considered, is ESM-only, which Jest's CommonJS cannot load).
 */
export function formatMarkdown(report: JudgedReport): string {
  const lines = [`## auth-sim caller report: ${report.verdict === 'pass' ? 'PASS' : 'FAIL'}`, ''];
  lines.push(
    `${report.caller.requests} request(s) on ${report.caller.connections} connection(s), at most ${report.caller.maxConcurrent} at once, since ${report.since}${notScripted(report.caller)}.`,
    '',
  );
  lines.push(
    table(
      ['', 'token', 'expectation', 'expected', 'seen', 'where'],
      report.expectations.map((r) => [mark(r.outcome), r.token ?? '(run)', r.expectation, r.expected, r.seen, r.where]),
    ),
  );
  const tokens = Object.entries(report.tokens);
  if (tokens.length > 0) {
    lines.push('', '### Tokens', '');
    lines.push(
      table(
        ['token', 'calls', 'statuses', 'retries', 'back-off', 'gaps (ms)', 'abandoned after (ms)', 'calls after card'],
        tokens.map(([token, t]) => [
          tokenLabel(token, t),
          String(t.calls),
          Object.entries(t.statuses)
            .map(([s, n]) => `${s}×${n}`)
            .join(' '),
          String(t.retries),
          t.backoff,
          t.gapsMs.join(', '),
          t.abandonedAfterMs.join(', '),
          String(t.callsAfterCard),
        ]),
      ),
    );
  }
  if (report.untracked.requests > 0)
    lines.push(
      '',
      `${report.untracked.requests} request(s) for tokens past the ${report.untracked.maxTokens}-token cap are counted together.`,
    );
  return `${lines.join('\n')}\n`;
}

/** A token's name, with what did not come from its own entry: unknown, proxied, answered during an outage. */
function tokenLabel(token: string, t: JudgedReport['tokens'][string]): string {
  const notes = [];
  if (t.proxied > 0) notes.push(`proxied ×${t.proxied}`);
  else if (!t.known) notes.push('unknown');
  if (t.outage > 0) notes.push(`outage ×${t.outage}`);
  return notes.length === 0 ? token : `${token} (${notes.join(', ')})`;
}

function mark(outcome: 'pass' | 'fail' | 'warn'): string {
  return outcome === 'pass' ? '✅' : outcome === 'fail' ? '❌' : '⚠️';
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const row = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
}

/** A cell's text with the characters that would break the table escaped. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
