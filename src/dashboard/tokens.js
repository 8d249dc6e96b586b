import { html, useEffect, useState } from './vendor/preact-htm.js';
import { adminCall, curlFor, downloadExport } from './api.js';
import { CardView } from './card-view.js';
import { ChangePanel } from './change-panel.js';

const RESET_WARNING =
  'Reset everything? Every runtime token goes (the files answer again), sequences and expiry start over, and the request journal (the live traffic), the caller report and its verdict are wiped; an outage ends.';

/** A token's place: its file and line, or a runtime token and the file token it stands in front of. */
function sourceLabel(t) {
  if (t.kind !== 'admin') return t.hiddenBy ? `${t.source}, hidden by a runtime token` : t.source;
  return t.hides ? `runtime, hides file token from ${t.hides.file}:${t.hides.line}` : 'runtime (admin API)';
}

/** Where a token's detail lives: the address `#tokens/<token>`, so Back returns to what was shown before. */
function tokenHash(token) {
  return `#tokens/${encodeURIComponent(token)}`;
}

/** Every token served by name (runtime first), searchable, the populations with a lookup, and the token the address names. */
export function Tokens({ health, selected }) {
  const [q, setQ] = useState('');
  const [list, setList] = useState(null);
  const setSelected = (token) => (location.hash = token ? tokenHash(token) : '#tokens');
  const [lookup, setLookup] = useState('');
  const [resetNote, setResetNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const refresh = () => adminCall('GET', '/tokens?q=' + encodeURIComponent(q)).then((r) => setList(r.body));
  const resetAll = async () => {
    setConfirming(false);
    const r = await adminCall('POST', '/reset');
    setResetNote(
      r.ok
        ? `reset: ${r.body.reset.runtimeTokens} runtime token(s) removed; ${r.body.reset.requests} journal request(s), the caller report and token state cleared`
        : (r.body.error ?? `HTTP ${r.status}`),
    );
    setSelected(null);
    refresh();
  };
  useEffect(() => void refresh(), [q, health]);
  return html`<section class="split">
    <div class="list">
      <input name="search" placeholder="search tokens or files" value=${q} onInput=${(e) => setQ(e.target.value)} />
      <form class="lookup" onSubmit=${(e) => (e.preventDefault(), lookup && setSelected(lookup))}>
        <input
          name="lookup"
          placeholder="any token (populations, fallback)"
          value=${lookup}
          onInput=${(e) => setLookup(e.target.value)}
        />
        <button type="submit">Look up</button>
      </form>
      ${
        list &&
        html`<p class="muted">
            ${list.total} named token(s)${list.total > list.tokens.length ? `, first ${list.tokens.length} shown` : ''}
          </p>
          <ul data-test="token-list">
            ${list.tokens.map(
              (t) =>
                html`<li
                  key=${t.kind + ':' + t.token}
                  data-kind=${t.kind}
                  class=${(selected === t.token && !t.hiddenBy ? 'on' : '') + (t.hiddenBy ? ' hidden' : '')}
                >
                  <a href=${tokenHash(t.token)} data-token=${t.token}>${t.token}</a>
                  <span class=${t.kind === 'admin' ? 'src runtime' : 'src'} data-test="source">${sourceLabel(t)}</span>
                </li>`,
            )}
          </ul>
          ${list.populations.map((p) => html`<p class="pop">Population: ${p.description}, ${p.size} tokens (look one up above)</p>`)}`
      }
      ${
        confirming
          ? html`<div class="confirm" data-test="reset-confirm">
              <p>${RESET_WARNING}</p>
              <button data-action="reset-all-confirm" onClick=${resetAll}>Reset everything</button>
              <button data-action="reset-all-cancel" onClick=${() => setConfirming(false)}>Cancel</button>
            </div>`
          : html`<button data-action="reset-all" onClick=${() => (setConfirming(true), setResetNote(''))}>
              Reset everything (tokens, traffic, caller report)...
            </button>`
      }
      <span class="muted" data-test="reset-note">${resetNote}</span>
      <button
        data-action="export"
        title="the runtime tokens as a scenario file that serves the same answers"
        onClick=${() => void downloadExport()}
      >
        Save runtime tokens as YAML
      </button>
    </div>
    <div class="detail">
      ${selected ? html`<${TokenDetail} token=${selected} onChanged=${refresh} />` : html`<p class="muted">Pick a token to see its answer.</p>`}
    </div>
  </section>`;
}

/** Where the token's entry comes from, and how often it was asked. */
function originLabel(view) {
  const from = view.source === 'runtime' ? sourceLabel(view) : view.source;
  const asked = view.state ? `asked ${view.state.uses} time(s) since ${view.state.firstUseAt}` : 'not asked yet';
  return `from ${from}; ${asked}`;
}

/** What the answer shown is: the next request's, with its place in a sequence or expiry. */
function nextLabel(next) {
  if (!next) return 'Every request gets this answer.';
  if (next.outage || next.use === 0) return `The next request gets this: ${next.text}.`;
  return `The next request (number ${next.use}) gets this: ${next.text}.`;
}

/** The answer as a chat server gets it: status, delay, fault, the card, headers and the exact bytes. */
function AnswerShown({ view }) {
  return html`<dl class="facts">
      <dt>status</dt>
      <dd data-test="status">${view.status}</dd>
      <dt>delay</dt>
      <dd>${view.delayMs} ms</dd>
      <dt>fault</dt>
      <dd data-test="fault">${view.fault ?? 'none'}</dd>
    </dl>
    <${CardView} body=${view.body} />
    <h3>Headers</h3>
    <pre data-test="headers">
${Object.entries(view.headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n')}</pre>
    <h3>
      Wire bytes (${view.bodyNone ? 'no body' : `${view.bodyBytes} bytes`})
      <button onClick=${() => navigator.clipboard?.writeText(view.body)}>Copy</button>
    </h3>
    <pre class="wire" data-test="wire">${view.body}</pre>`;
}

/** One token's answer as a chat server gets it, and the controls that change it. */
function TokenDetail({ token, onChanged }) {
  const [view, setView] = useState(null);
  const load = () => adminCall('GET', '/tokens/' + encodeURIComponent(token)).then((r) => setView(r.body));
  useEffect(() => void load(), [token]);
  if (!view || view.token !== token) return html`<p>loading ${token}...</p>`;
  const curl = curlFor(token);
  const changed = () => (load(), onChanged());
  return html`<div data-test="token-detail">
    <h2>${token} <span class="kind">${view.kind}</span></h2>
    <p class="muted" data-test="source">${originLabel(view)}</p>
    <p data-test="next">${nextLabel(view.next)}</p>
    ${view.kind === 'proxied' ? null : html`<${AnswerShown} view=${view} />`}
    ${
      view.entry &&
      html`<h3>The entry as written</h3>
        <pre data-test="entry">${JSON.stringify(view.entry, null, 2)}</pre>`
    }
    <h3>curl</h3>
    <pre data-test="curl-get">${curl.get}</pre>
    <pre data-test="curl-post">${curl.post}</pre>
    <${ChangePanel} token=${token} view=${view} onChanged=${changed} />
  </div>`;
}
