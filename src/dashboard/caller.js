import { html, useMemo, useState } from './vendor/preact-htm.js';
import { callerView } from './vendor/caller-view.js';

/** Rows a page shows: a 1,000-token report is paged, and each page's rows skip layout off screen. */
const PAGE = 250;

/** Opens the token of the row clicked in the Tokens view, through the address (Back returns here). */
function openRow(event) {
  const row = event.target.closest('.cv-row[data-token]');
  if (row) location.hash = `#tokens/${encodeURIComponent(row.getAttribute('data-token'))}`;
}

/**
 * The caller report, live over the event stream: a summary, then one row per token (failing
 * first, each with its failures and its timeline), unknown and unused tokens below. The markup is
 * the HTML report's, drawn by the same renderer (src/caller-report/caller-view.ts); this page adds
 * the filter, the pages and the click that opens a token.
 */
export function Caller({ report }) {
  const [failingOnly, setFailingOnly] = useState(false);
  const [text, setText] = useState('');
  const [offset, setOffset] = useState(0);
  const view = useMemo(
    () => report && callerView(report, { failingOnly, text, offset, limit: PAGE }),
    [report, failingOnly, text, offset],
  );
  if (!view) return html`<p>waiting for the caller report...</p>`;
  const last = Math.min(view.offset + view.shown, view.matching);
  const page = (to) => () => setOffset(Math.max(0, to));
  return html`<section class="cv" data-test="caller">
    <div dangerouslySetInnerHTML=${{ __html: view.summary }} />
    <div class="bar" data-test="caller-filter">
      <label
        ><input
          type="checkbox"
          name="failing-only"
          checked=${failingOnly}
          onChange=${(e) => (setFailingOnly(e.target.checked), setOffset(0))}
        />
        failing only</label
      >
      <input
        name="caller-search"
        placeholder="part of a token"
        value=${text}
        onInput=${(e) => (setText(e.target.value), setOffset(0))}
      />
      <span class="muted" data-test="caller-shown"
        >${view.matching === 0 ? 'no row matches' : `rows ${view.offset + 1}-${last} of ${view.matching}`}</span
      >
      ${
        view.matching > PAGE &&
        html`<button data-action="page-back" disabled=${view.offset === 0} onClick=${page(view.offset - PAGE)}>
            Previous ${PAGE}
          </button>
          <button data-action="page-next" disabled=${last >= view.matching} onClick=${page(view.offset + PAGE)}>
            Next ${PAGE}
          </button>`
      }
      <span class="muted">Click a row to open its token.</span>
    </div>
    <div onClick=${openRow} dangerouslySetInnerHTML=${{ __html: view.table }} />
    <div dangerouslySetInnerHTML=${{ __html: view.sections }} />
  </section>`;
}
