import { html, useEffect, useState } from './vendor/preact-htm.js';
import { adminCall } from './api.js';

// What the button can make every token answer: the same entries POST /outage takes.
const CHOICES = {
  503: { status: 503 },
  500: { status: 500 },
  reset: { fault: 'reset' },
  hang: { fault: 'hang' },
};

/** The whole service down for a while: one click starts an outage for every token, one ends it. */
export function OutageControl() {
  const [state, setState] = useState(null);
  const [choice, setChoice] = useState('503');
  const [error, setError] = useState('');
  const refresh = async () => {
    const res = await adminCall('GET', '/outage');
    if (res.ok) setState(res.body);
  };
  useEffect(() => void refresh(), []);
  const act = async (method, entry) => {
    const res = await adminCall(method, '/outage', entry && JSON.stringify(entry), 'application/json');
    setError(res.ok ? '' : (res.body.error ?? `HTTP ${res.status}`));
    await refresh();
  };
  if (state?.active)
    return html`<span class="outage on" data-test="outage"
      >${`Outage: every token gets ${JSON.stringify(state.entry)}${state.until ? ` until ${state.until.slice(11, 19)}` : ''}`}
      <button data-test="outage-end" onClick=${() => act('DELETE')}>End outage</button></span
    >`;
  return html`<span class="outage" data-test="outage"
    ><select name="outage" value=${choice} onChange=${(e) => setChoice(e.target.value)}>
      ${Object.keys(CHOICES).map((k) => html`<option value=${k}>${k}</option>`)}
    </select>
    <button data-test="outage-start" onClick=${() => act('POST', CHOICES[choice])}>Start outage</button>
    ${error && html`<span class="error">${error}</span>`}</span
  >`;
}
