import { html, useEffect, useState } from './vendor/preact-htm.js';
import { adminCall, curlFor } from './api.js';
import { CardView } from './card-view.js';
import { ChangePanel } from './change-panel.js';

/** Every token served by name (runtime first), searchable, the populations with a lookup, and the selected token. */
export function Tokens({ health }) {
  const [q, setQ] = useState('');
  const [list, setList] = useState(null);
  const [selected, setSelected] = useState(null);
  const [lookup, setLookup] = useState('');
  const [resetNote, setResetNote] = useState('');
  const refresh = () => adminCall('GET', '/tokens?q=' + encodeURIComponent(q)).then((r) => setList(r.body));
  const resetAll = async () => {
    const r = await adminCall('POST', '/reset');
    setResetNote(
      r.ok
        ? `reset: ${r.body.reset.runtimeTokens} runtime token(s) removed, journal and token state cleared`
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
                html`<li key=${t.kind + ':' + t.token} class=${selected === t.token ? 'on' : ''}>
                  <a href="#tokens" data-token=${t.token} onClick=${() => setSelected(t.token)}>${t.token}</a>
                  <span class="src">${t.kind === 'admin' ? 'runtime (admin API)' : t.source}</span>
                </li>`,
            )}
          </ul>
          ${list.populations.map((p) => html`<p class="pop">Population: ${p.description}, ${p.size} tokens (look one up above)</p>`)}`
      }
      <button data-action="reset-all" onClick=${resetAll}>Reset everything to the files</button>
      <span class="muted" data-test="reset-note">${resetNote}</span>
    </div>
    <div class="detail">
      ${selected ? html`<${TokenDetail} token=${selected} onChanged=${refresh} />` : html`<p class="muted">Pick a token to see its answer.</p>`}
    </div>
  </section>`;
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
    <p class="muted">
      from
      ${view.source}${view.state ? `; asked ${view.state.uses} time(s) since ${view.state.firstUseAt}` : '; not asked yet'}
    </p>
    <dl class="facts">
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
    <pre class="wire" data-test="wire">${view.body}</pre>
    <p class="muted">
      The answer to this token's first request${view.state ? ' (a sequence or expiry moves on per request)' : ''}.
    </p>
    <h3>curl</h3>
    <pre data-test="curl-get">${curl.get}</pre>
    <pre data-test="curl-post">${curl.post}</pre>
    <${ChangePanel} token=${token} view=${view} onChanged=${changed} />
  </div>`;
}
