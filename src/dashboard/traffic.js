import { html, useState } from './vendor/preact-htm.js';

// The page is served as written (no bundler), so it keeps its own copy of the journal's MATCH_KINDS; a test holds them equal.
const MATCHED = ['token', 'admin', 'population', 'fallback', 'unavailable', 'outage', 'proxied', 'refused', 'rejected'];

/** Whether a journal entry passes the filters; status class "none" is a connection ended with no answer. */
function passes(row, f) {
  if (f.token && !(row.token ?? '').toLowerCase().includes(f.token.toLowerCase())) return false;
  if (f.method && row.method !== f.method) return false;
  if (f.matched && row.matched !== f.matched) return false;
  if (f.status === 'none') return row.status === null;
  if (f.status && (row.status === null || String(row.status)[0] !== f.status[0])) return false;
  return true;
}

/**
 * Newest arrival first. The journal records a request when it ends, so a slow answer (a delay, a
 * hang) comes after quicker ones that arrived later; the table sorts by the time it shows, the
 * arrival, and says so in its heading.
 */
function byArrival(a, b) {
  return a.time < b.time ? 1 : a.time > b.time ? -1 : b.seq - a.seq;
}

/**
 * Live traffic: every protocol request, newest arrival first, as the journal recorded it; or, not
 * `live`, one session's requests as read (nothing to pause or clear).
 */
export function Traffic({ journalOff, rows, skipped, paused, waiting, onPause, onClear, live = true }) {
  const [f, setF] = useState({ token: '', method: '', status: '', matched: '' });
  const set = (key) => (e) => setF({ ...f, [key]: e.target.value });
  const shown = rows.filter((r) => passes(r, f)).sort(byArrival);
  const select = (key, label, values) =>
    html`<label
      >${label}
      <select name=${key} value=${f[key]} onChange=${set(key)}>
        <option value="">any</option>
        ${values.map((v) => html`<option value=${v}>${v}</option>`)}
      </select></label
    >`;
  return html`<section>
    <div class="bar">
      <label>token <input name="token" value=${f.token} onInput=${set('token')} placeholder="part of a token" /></label>
      ${select('status', 'status', ['2xx', '4xx', '5xx', 'none'])} ${select('method', 'method', ['GET', 'POST'])}
      ${select('matched', 'matched', MATCHED)}
      ${
        live &&
        html`<button data-test="pause" onClick=${onPause}>${paused ? `Resume (${waiting} waiting)` : 'Pause'}</button>
          <button data-test="clear" onClick=${onClear}>Clear</button>`
      }
      <span class="muted"
        >${shown.length} of ${rows.length} shown${skipped > 0 ? `; ${skipped} skipped under load` : ''}</span
      >
    </div>
    <table class="traffic" data-test="traffic">
      <thead>
        <tr>
          <th>arrived</th>
          <th>method</th>
          <th>token</th>
          <th>from</th>
          <th>status</th>
          <th>ms</th>
          <th>delay</th>
          <th>fault</th>
          <th>matched</th>
          <th>entry</th>
          <th>near misses</th>
          <th>trace</th>
        </tr>
      </thead>
      <tbody>
        ${shown.map(
          (r) =>
            html`<tr key=${r.seq} data-seq=${r.seq} class=${`${statusClass(r.status)} m-${r.matched}`}>
              <td>${r.time.slice(11, 23)}</td>
              <td data-col="method">${r.method}</td>
              <td data-col="token">${r.token ?? '-'}</td>
              <td data-col="origin">${r.origin ?? '-'}</td>
              <td data-col="status">${r.status ?? 'none'}</td>
              <td>${r.durationMs}</td>
              <td data-col="delay">${r.delayMs || ''}</td>
              <td data-col="fault">${r.fault ?? ''}</td>
              <td data-col="matched">${r.matched}</td>
              <td data-col="entry">${r.entry ?? ''}</td>
              <td>${r.nearMisses.length > 0 ? `did you mean ${r.nearMisses.join(', ')}?` : ''}</td>
              <td data-col="trace" title=${r.spanId ? `span ${r.spanId}` : ''}>${r.traceId ?? ''}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    ${journalOff && html`<p class="muted" data-test="journal-off">No live traffic: this simulator runs without its request journal (<code>--no-journal</code> or <code>--journal-size 0</code>). The tokens and health views still work.</p>`}
    ${!journalOff && rows.length === 0 && html`<p class="muted">No requests yet. Try <code>curl ${location.origin}/rest/chat/client/id/alice</code></p>`}
  </section>`;
}

function statusClass(status) {
  if (status === null) return 'st-none';
  return status >= 500 ? 'st-5' : status >= 400 ? 'st-4' : 'st-2';
}
