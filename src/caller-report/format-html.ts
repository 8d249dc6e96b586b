import { callerView } from './caller-view';
import { CALLER_VIEW_CSS } from './caller-view-css';
import type { JudgedReport } from './judge-report';
import { markup, Markup } from './markup';

/** The page's own policy: nothing may be fetched, not even a favicon; inline styles only. */
export const HTML_REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * The verdict as one self-contained HTML page, for CI to keep as an artifact: the Caller view's
 * rows, marks and hooks as the dashboard draws them (the same renderer), with inline CSS and
 * SVG and no script, so it asks the network for nothing and reads the same with scripts off.
 * "Failing only" is a checkbox CSS alone acts on (`:has`).
 */
export function formatHtml(report: JudgedReport): string {
  const view = callerView(report);
  const page = markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${HTML_REPORT_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>auth-sim caller report: ${report.verdict.toUpperCase()}</title>
<link rel="icon" href="data:,">
<style>${new Markup(CALLER_VIEW_CSS)}
body { margin: 12px 16px; background: #f8fafc; }
body:has(#cv-failing-only:checked) .cv-row:not([data-verdict="fail"]) { display: none; }
</style>
</head>
<body class="cv" data-test="caller">
${new Markup(view.summary)}
<label><input type="checkbox" id="cv-failing-only"> failing only</label>
${new Markup(view.table)}
${new Markup(view.sections)}
</body>
</html>
`;
  return page.text;
}
