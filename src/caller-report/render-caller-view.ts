import type { CallerRow } from './caller-rows';
import { runFailures } from './caller-rows';
import type { JudgedReport } from './judge-report';
import { markup, type Markup } from './markup';
import { renderAxis, renderTimeline, type TimeScale } from './render-timeline';

/** The figures' columns, in order, after the token and its verdict. */
const HEADINGS = ['calls', 'retries', 'back-off', 'gaps (ms)', 'abandoned (ms)', 'after card'];

/** At most this many of a list's numbers in a cell; the cell's title holds them all. */
const SHOWN_NUMBERS = 6;

/** The verdict and the counts a reader wants first: tokens, failing, unknown, unused; then the run's own failures. */
export function renderSummary(
  report: JudgedReport & { readonly tokensTotal?: number },
  rows: readonly CallerRow[],
): Markup {
  const failing = rows.filter((r) => r.verdict === 'fail').length;
  const requested = Object.keys(report.tokens).length;
  const left = (report.tokensTotal ?? requested) - requested;
  const c = report.caller;
  const unknown = report.unknownTokens;
  const notScripted = [
    c.outage > 0 && `${c.outage} answered during an outage (POST /__admin/outage)`,
    c.proxied > 0 && `${c.proxied} proxied to the real service (--proxy)`,
  ].filter((s): s is string => typeof s === 'string');
  const run = runFailures(report);
  return markup`<div class="cv-summary">
<h2 data-test="verdict" class="${report.verdict === 'pass' ? 'cv-pass' : 'cv-fail'}">Verdict: ${report.verdict.toUpperCase()}</h2>
<p class="cv-counts" data-test="counts"><b data-count="tokens">${rows.length + left}</b> token(s)${left > 0 ? ` (${rows.length} drawn: the failing and the busiest; GET /__admin/report?format=html has all)` : ''}, <b data-count="failing" class="${failing > 0 ? 'cv-fail' : ''}">${failing}</b> failing, <b data-count="unknown">${unknown.top.length}</b> unknown (${unknown.count} request(s)), <b data-count="unused">${report.unusedTokens.length}</b> unused</p>
<p class="cv-muted">${c.requests} request(s) on ${c.connections} connection(s), at most ${c.maxConcurrent} at once, since ${report.since}${report.untracked.requests > 0 ? `; ${report.untracked.requests} past the ${report.untracked.maxTokens}-token cap counted together` : ''}.</p>
${notScripted.length > 0 && markup`<p data-test="not-scripted">Not from the scenarios: ${notScripted.join('; ')}.</p>`}
${run.length > 0 && markup`<ul class="cv-run-failures" data-test="run-failures">${run.map((f) => markup`<li data-test="failure"><span class="cv-where">${f.where}</span> ${f.text}</li>`)}</ul>`}
${report.warnings.length > 0 && markup`<ul class="cv-muted" data-test="warnings">${report.warnings.map((w) => markup`<li data-test="warning">${w}</li>`)}</ul>`}
<p class="cv-legend cv-muted"><span class="cv-card">● card</span> <span class="cv-4xx">● 4xx</span> <span class="cv-5xx">● 5xx</span> <span class="cv-fault">● fault</span> ○ abandoned by the caller · ■ answered during an outage · ◆ proxied to the real service · a burst is drawn side by side, one mark per request (hover: time, answer, gap)</p>
</div>`;
}

/** The rows under a sticky header whose last column is the shared time axis. */
export function renderTable(rows: readonly CallerRow[], scale: TimeScale, since: string): Markup {
  return markup`<div class="cv-table" data-test="caller-table">
<div class="cv-head"><div>token</div><div>verdict</div>${HEADINGS.map((h) => markup`<div>${h}</div>`)}<div>${renderAxis(scale)}</div></div>
${rows.map((row) => renderRow(row, scale, since))}
</div>`;
}

function numbers(values: readonly number[]): Markup {
  if (values.length === 0) return markup``;
  const shown = values.slice(0, SHOWN_NUMBERS).join(', ') + (values.length > SHOWN_NUMBERS ? ', …' : '');
  return markup`<span title="${values.join(', ')}">${shown}</span>`;
}

/** A token's name with what was not its own entry's answer: unknown, answered in an outage, proxied. */
function tokenCell(row: CallerRow): Markup {
  const f = row.figures;
  const badges = [
    f !== null && !f.known && f.proxied === 0 && 'unknown',
    f !== null && f.outage > 0 && `■${f.outage}`,
    f !== null && f.proxied > 0 && `◆${f.proxied}`,
    f !== null && f.calls > row.marks.length && `first ${row.marks.length} of ${f.calls} drawn`,
  ].filter((s): s is string => typeof s === 'string');
  return markup`<div class="cv-token" title="${row.token}"><code>${row.token}</code>${badges.map((b) => markup`<span class="cv-badge">${b}</span>`)}</div>`;
}

/** One token's row: `data-token` and `data-verdict`, its figures, its failures and its timeline. */
function renderRow(row: CallerRow, scale: TimeScale, since: string): Markup {
  const f = row.figures;
  const figures =
    f === null
      ? markup`<div class="cv-n">0</div><div class="cv-muted">never requested</div><div></div><div></div><div></div><div></div>`
      : markup`<div class="cv-n">${f.calls}</div><div>${f.retries}</div><div data-backoff="${f.backoff}"${f.backoff === 'immediate' ? markup` class="cv-fail" title="retried without waiting"` : ''}>${f.backoff}</div><div>${numbers(f.gapsMs)}</div><div>${numbers(f.abandonedAfterMs)}</div><div>${f.callsAfterCard}</div>`;
  const failures =
    row.failures.length === 0
      ? ''
      : markup`<ul class="cv-failures" data-test="token-failures">${row.failures.map((x) => markup`<li data-test="failure"><span class="cv-where">${x.where}</span> ${x.text}</li>`)}</ul>`;
  return markup`<div class="cv-row" data-token="${row.token}" data-verdict="${row.verdict}">${tokenCell(row)}<div class="cv-v">${row.verdict}</div>${figures}<div class="cv-line">${renderTimeline(row.token, row.marks, scale, since)}</div>${failures}</div>
`;
}

/** Unknown tokens (with their near misses) and unused ones, each compact, below the rows. */
export function renderSections(report: JudgedReport): Markup {
  const unknown = report.unknownTokens;
  const unused = report.unusedTokens;
  return markup`<div class="cv-sections">
<h3>Unknown tokens: ${unknown.top.length} token(s), ${unknown.count} request(s)</h3>
<ul data-test="unknown">${unknown.top.map((u) => markup`<li data-unknown="${u.token}"><code>${u.token}</code> ×${u.count}${u.nearMisses.length > 0 ? ` (did you mean ${u.nearMisses.join(', ')}?)` : ''}</li>`)}</ul>
${unknown.top.length === 0 && markup`<p class="cv-muted">none</p>`}
<h3>Unused tokens: ${unused.length}</h3>
<p data-test="unused">${unused.length === 0 ? 'every written token was requested' : unused.join(', ')}</p>
</div>`;
}
