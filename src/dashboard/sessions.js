import { html, useEffect, useState } from './vendor/preact-htm.js';
import { hashOf } from './route.js';
import { ahead } from './clock.js';

/** Re-renders every second while shown: ages and ttls left move between events. */
function useTick() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
}

/** A whole number of seconds as a person reads it: "0 s", "45 s", "9 min 59 s". */
function duration(ms) {
  return ms < 1000 ? '0 s' : ahead(Math.round(ms / 1000) * 1000);
}

function Row({ s, now, ended }) {
  const left = s.ttlMs - (now - s.lastUsedAt);
  return html`<tr data-session=${s.id} class=${ended ? 'ended' : ''}>
    <td data-col="id">${s.id}</td>
    <td data-col="prefix"><code>${s.prefix}</code></td>
    <td data-col="tokens">${s.tokens === null || s.tokens.length === 0 ? 'none named' : s.tokens.join(', ')}</td>
    <td data-col="requests">${s.requests}</td>
    <td data-col="age">${duration(now - s.createdAt)}</td>
    <td data-col="ttl-left">${ended ? 'ended' : duration(left)}</td>
    <td data-col="verdict" class=${s.verdict === 'fail' ? 'error' : ''}>${s.verdict ?? '...'}</td>
    <td>
      ${
        !ended &&
        html`<a data-action="filter" href=${hashOf({ view: 'traffic', session: s.id })}>its traffic</a>
          <a data-action="caller" href=${hashOf({ view: 'caller', session: s.id })}>its report</a>`
      }
    </td>
  </tr>`;
}

/**
 * Sessions (POST /__admin/sessions), live over the event stream: the newest 100, each with its
 * prefix, the tokens it named, its requests, age, time left before it idles out and verdict,
 * and links that filter the traffic and Caller views to it; sessions that ended stay listed as ended.
 */
export function Sessions({ state }) {
  useTick();
  if (state === null) return html`<p>waiting for the sessions...</p>`;
  const now = state.now + (Date.now() - state.receivedAt);
  const cut = state.count > state.live.length ? ` (the newest ${state.live.length} listed)` : '';
  return html`<section data-test="sessions">
    <p data-test="session-count">${state.count} live session(s) of at most ${state.max}${cut}.</p>
    <table data-test="session-list">
      <thead>
        <tr>
          <th>session</th>
          <th>prefix</th>
          <th>tokens</th>
          <th>requests</th>
          <th>age</th>
          <th>ttl left</th>
          <th>verdict</th>
          <th>show</th>
        </tr>
      </thead>
      <tbody>
        ${state.live.map((s) => html`<${Row} key=${s.id} s=${s} now=${now} ended=${false} />`)}
        ${state.ended.map((s) => html`<${Row} key=${s.id} s=${s} now=${now} ended=${true} />`)}
      </tbody>
    </table>
    ${state.count === 0 && html`<p class="muted">No live session. A test opens one with <code>POST /__admin/sessions</code>.</p>`}
  </section>`;
}

/** Above a filtered view: which session it shows, and the way back to all traffic. */
export function SessionBar({ id, prefix, view }) {
  return html`<div class="bar session-bar" data-test="session-filter">
    <span>Session <b>${id}</b>${prefix && ` (${prefix})`}${': its requests only, tokens without the prefix.'}</span>
    <a data-action="all-traffic" href=${hashOf({ view })}>Show all traffic</a>
  </div>`;
}
