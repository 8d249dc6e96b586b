import { html, useEffect, useRef, useState } from './vendor/preact-htm.js';
import { adminCall } from './api.js';

// A copy of FAULT_NAMES (the page has no bundler); a test holds them equal.
const FAULTS = ['reset', 'close', 'hang', 'malformed', 'truncated', 'drip', 'html', 'empty-200', 'no-card'];

/** The card's fields as an entry: a JSON body is a valid YAML entry, so edits start from the wire. */
function cardEntry(view) {
  try {
    const data = JSON.parse(view.body);
    return view.status === 200 ? data : { status: view.status, ...data };
  } catch {
    return view.bodyNone ? { status: view.status, body: 'none' } : { status: view.status };
  }
}

/** What the editor starts from: the entry as written (the admin view's), else the answer shown. */
function editorText(view) {
  if (view.kind === 'proxied') return '';
  return JSON.stringify(view.entry ?? cardEntry(view), null, 2);
}

/**
 * "Change it now": each button PUTs a runtime token through the admin API (the same call a
 * script makes, checked with the same messages as files); Reset removes it, so the files answer again.
 */
export function ChangePanel({ token, view, onChanged }) {
  const [text, setText] = useState(editorText(view));
  /** What the editor last took from the view: text that still equals it has not been edited. */
  const taken = useRef(text);
  // A one-click change reloads the view: an unedited editor follows, so Apply never puts the old
  // entry back. An edit in progress stays: a view reloaded meanwhile (another change, the group's
  // news) would otherwise put back what the user was replacing, and Apply would send that.
  useEffect(() => {
    const next = editorText(view);
    setText((current) => (current === taken.current ? next : current));
    taken.current = next;
  }, [view]);
  const [message, setMessage] = useState(null);
  const [delay, setDelay] = useState('2s');
  const path = '/tokens/' + encodeURIComponent(token);
  const put = async (entryText) => {
    const r = await adminCall('PUT', path, entryText);
    setMessage(
      r.ok
        ? { ok: true, text: `applied: ${token} is now a runtime token` }
        : { ok: false, text: r.body.error ?? `HTTP ${r.status}`, problems: r.body.problems },
    );
    if (r.ok) onChanged();
  };
  const putEntry = (entry) => put(JSON.stringify(entry, null, 2));
  const reset = async () => {
    const r = await adminCall('DELETE', path);
    setMessage(
      r.ok
        ? { ok: true, text: `${token} answers from the files again` }
        : { ok: false, text: r.body.error ?? `HTTP ${r.status}` },
    );
    if (r.ok) onChanged();
  };
  const status = (code, body) => () =>
    putEntry(
      body
        ? { status: code, errorCode: errorCode(code), errorText: `answered ${code} from the dashboard` }
        : { status: code, body: 'none' },
    );
  return html`<div class="change" data-test="change">
    <h3>Change it now</h3>
    <div class="row">
      ${[401, 403, 503].map(
        (code) =>
          html` <button data-action=${`${code}-body`} onClick=${status(code, true)}>${code}</button>
            <button data-action=${`${code}-none`} onClick=${status(code, false)}>${code}, no body</button>`,
      )}
    </div>
    <div class="row">
      fault:
      ${FAULTS.map((name) => html`<button data-action=${`fault-${name}`} onClick=${() => putEntry({ ...cardEntry(view), fault: name })}>${name}</button>`)}
    </div>
    <div class="row">
      <label>delay <input name="delay" value=${delay} onInput=${(e) => setDelay(e.target.value)} size="6" /></label>
      <button data-action="delay" onClick=${() => putEntry({ ...cardEntry(view), delay })}>Delay every answer</button>
      <button data-action="reset" onClick=${reset}>Reset (back to the files)</button>
    </div>
    <label
      >Edit the entry (YAML or JSON, checked like a scenario file)
      <textarea name="entry" rows="12" value=${text} onInput=${(e) => setText(e.target.value)}></textarea>
    </label>
    <button data-action="apply-yaml" onClick=${() => put(text)}>Apply</button>
    ${
      message &&
      html`<div class=${message.ok ? 'ok' : 'err'} data-test="change-message">
        ${message.problems ? `${token} was not applied:` : message.text}
        ${
          message.problems &&
          html`<ul>
            ${message.problems.map((p) => html`<li>${p.file}:${p.line}:${p.column} ${p.message}</li>`)}
          </ul>`
        }
      </div>`
    }
  </div>`;
}

function errorCode(status) {
  return { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 503: 'SERVICE_UNAVAILABLE' }[status];
}
