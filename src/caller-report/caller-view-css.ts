/**
 * The Caller view's styles, one copy for the HTML report (inlined in its <style>) and the
 * dashboard (written to dist/dashboard/caller-view.css by scripts/build-dashboard.js): each row a grid whose columns line up with the sticky header's,
 * the failures under the figures and beside the timeline. `content-visibility` lets the browser
 * skip laying out the rows off screen, which keeps a 1,000-row report quick to open.
 */
export const CALLER_VIEW_CSS = `
.cv { font: 13px/1.35 system-ui, sans-serif; color: #1d2330; }
.cv code { font: 12px ui-monospace, monospace; }
.cv-summary h2 { margin: 0 0 4px; font-size: 18px; }
.cv-summary p, .cv-summary ul { margin: 2px 0; }
.cv-counts b { font-size: 15px; }
.cv-pass { color: #047857; }
.cv-fail { color: #b91c1c; }
.cv-muted { color: #6b7280; }
.cv-run-failures { color: #b91c1c; padding-left: 18px; }
.cv-table { background: #fff; border: 1px solid #e5e7eb; margin-top: 6px; }
.cv-head, .cv-row { display: grid; grid-template-columns: 180px 46px 44px 48px 84px 100px 96px 52px 600px; column-gap: 6px; padding: 1px 6px; align-items: center; }
.cv-head { position: sticky; top: 0; z-index: 2; background: #f1f5f9; border-bottom: 1px solid #cbd5e1; font-weight: 600; font-size: 12px; }
.cv-row { border-bottom: 1px solid #eef0f3; cursor: pointer; content-visibility: auto; contain-intrinsic-size: auto 21px; }
.cv-row:hover { background: #f8fafc; }
.cv-row[data-verdict="fail"] { background: #fef2f2; }
.cv-row > div { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.cv-row > .cv-line { grid-column: 9; grid-row: 1 / span 2; overflow: visible; }
.cv-badge { font-size: 11px; color: #6b7280; margin-left: 4px; }
.cv-v { font-weight: 600; font-size: 11px; text-transform: uppercase; }
.cv-row[data-verdict="fail"] .cv-v { color: #b91c1c; }
.cv-row[data-verdict="pass"] .cv-v { color: #047857; }
.cv-row[data-verdict="none"] .cv-v { color: #9ca3af; }
.cv-failures { grid-column: 1 / span 8; margin: 0 0 3px; padding-left: 16px; color: #7f1d1d; font-size: 12px; }
.cv-where { color: #6b7280; font: 11px ui-monospace, monospace; }
.cv-plot, .cv-axis { display: block; }
.cv-legend { font-size: 12px; }
.cv-card { color: #2e8b57; }
.cv-4xx { color: #d98e04; }
.cv-5xx { color: #c0392b; }
.cv-fault { color: #8e44ad; }
.cv-sections { margin-top: 10px; }
.cv-sections h3 { font-size: 14px; margin: 8px 0 2px; }
.cv-sections ul { margin: 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 2px 14px; }
.cv-sections p { margin: 0; }
`;
