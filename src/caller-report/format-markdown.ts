import type { JudgedReport } from './judge-report';

/**
 * The verdict as Markdown for a CI job summary: the verdict, a table of the expectations, the
 * tokens' figures, and the unknown and unused tokens. Written by hand: a table is a join of
 * cells (markdown-table, considered, is ESM-only, which Jest's CommonJS cannot load).
 */
export function formatMarkdown(report: JudgedReport): string {
  const lines = [`## auth-sim caller report: ${report.verdict === 'pass' ? 'PASS' : 'FAIL'}`, ''];
  lines.push(
    `${report.caller.requests} request(s) on ${report.caller.connections} connection(s), at most ${report.caller.maxConcurrent} at once, since ${report.since}.`,
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
          t.known ? token : `${token} (unknown)`,
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
