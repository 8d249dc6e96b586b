import { callerRows, type CallerRow } from './caller-rows';
import type { JudgedReport } from './judge-report';
import { renderSections, renderSummary, renderTable } from './render-caller-view';
import { timeScale } from './render-timeline';

/** Which rows to show: failing only, a part of the token's name, and a page of them. */
export interface CallerViewOptions {
  readonly failingOnly?: boolean;
  readonly text?: string;
  readonly offset?: number;
  readonly limit?: number;
}

/** The Caller view as markup: the parts the HTML report and the dashboard lay out their own way. */
export interface CallerViewParts {
  readonly summary: string;
  readonly table: string;
  readonly sections: string;
  /** Rows that pass the filter, and the first of them shown (0-based) and how many. */
  readonly matching: number;
  readonly offset: number;
  readonly shown: number;
}

function passes(row: CallerRow, options: CallerViewOptions): boolean {
  if (options.failingOnly && row.verdict !== 'fail') return false;
  const text = options.text?.trim().toLowerCase();
  return !text || row.token.toLowerCase().includes(text);
}

/**
 * The one renderer of the Caller view, a pure function from the judged report to markup: the
 * HTML report (`format-html`) and the dashboard (which loads this module built for the browser)
 * both draw it, so the two never drift. Every text in it is escaped. The time axis spans every
 * row, filtered or not, so a mark stays where it was when the filter changes. The event stream's
 * report may hold fewer tokens than `tokensTotal`; the summary counts them all.
 */
export function callerView(
  report: JudgedReport & { readonly tokensTotal?: number },
  options: CallerViewOptions = {},
): CallerViewParts {
  const rows = callerRows(report);
  const matching = rows.filter((row) => passes(row, options));
  const offset = Math.max(0, Math.min(options.offset ?? 0, matching.length - 1));
  const page = matching.slice(offset, offset + (options.limit ?? matching.length));
  const scale = timeScale(rows.map((row) => row.marks));
  return {
    summary: renderSummary(report, rows).text,
    table: renderTable(page, scale, report.since).text,
    sections: renderSections(report).text,
    matching: matching.length,
    offset: page.length === 0 ? 0 : offset,
    shown: page.length,
  };
}
