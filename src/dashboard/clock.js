import { html, useEffect, useState } from './vendor/preact-htm.js';
import { adminCall } from './api.js';

/** How far ahead `ms` is, as a person reads it: "2 h", "90 s", "1 h 30 min". */
export function ahead(ms) {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  const parts = [hours && `${hours} h`, minutes && `${minutes} min`, seconds && `${seconds} s`].filter(Boolean);
  return parts.length === 0 ? `${ms} ms` : parts.join(' ');
}

/** The scenario clock (GET /clock), read when the view opens, with a button back to real time. */
export function ClockLine() {
  const [clock, setClock] = useState(null);
  const refresh = async () => {
    const res = await adminCall('GET', '/clock');
    if (res.ok) setClock(res.body);
  };
  useEffect(() => void refresh(), []);
  if (clock === null) return null;
  if (clock.offsetMs === 0)
    return html`<p data-test="clock">Scenario clock: real time (POST /__admin/clock moves it).</p>`;
  const reset = async () => (await adminCall('DELETE', '/clock'), refresh());
  return html`<p data-test="clock">
    Scenario clock: ${ahead(clock.offsetMs)} ahead of real time (${clock.now}).
    <button data-test="clock-reset" onClick=${reset}>Back to real time</button>
  </p>`;
}
