import { html } from './vendor/preact-htm.js';

const ROW = 16;
const LABEL = 160;
const WIDTH = 900;

/** A mark's colour by the answer it got: a card, a client error, a server error, a fault. */
function colourOf(answer) {
  if (answer.startsWith('fault:')) return '#8e44ad';
  if (answer === '200') return '#2e8b57';
  if (answer.startsWith('4')) return '#d98e04';
  return '#c0392b';
}

const VIA = { outage: 'during an outage', proxied: 'proxied to the real service' };

/** The requests the scenarios did not answer: during an outage, or by the real service (`--proxy`). */
function notScripted(caller) {
  const parts = [];
  if (caller.outage > 0) parts.push(`${caller.outage} answered during an outage (POST /__admin/outage)`);
  if (caller.proxied > 0) parts.push(`${caller.proxied} proxied to the real service (--proxy)`);
  return `Not from the scenarios: ${parts.join('; ')}.`;
}

/** A timeline row's name, shortened, with its outage and proxied counts. */
function rowLabel(token, t) {
  const name = token.length > 24 ? `${token.slice(0, 23)}…` : token;
  const notes = [];
  if (t.outage > 0) notes.push(`■${t.outage}`);
  if (t.proxied > 0) notes.push(`◆${t.proxied}`);
  return notes.length === 0 ? name : `${name} ${notes.join(' ')}`;
}

/** A row's hover text: its calls, retries and back-off shape (`immediate`: it never waited), and how it took Retry-After. */
function rowTitle(token, t) {
  const shape = t.backoff === 'immediate' ? 'immediate (retried without waiting)' : t.backoff;
  const asked = t.retryAfter?.asked ?? 0;
  const waited =
    asked === 0 ? '' : `, Retry-After asked ${asked}×: ${t.retryAfter.honoured} waited, ${t.retryAfter.early} early`;
  return `${token}: ${t.calls} call(s), ${t.retries} retry(ies), back-off ${shape}${waited}`;
}

/**
 * The caller report: the verdict and its failures, unknown and unused tokens, and a plot drawn
 * here as SVG (no plotting service): one row per token on a shared time axis, each request a
 * mark coloured by its answer, an abandoned exchange a hollow ring. Live over the event stream.
 */
export function Caller({ report }) {
  if (!report) return html`<p>waiting for the caller report...</p>`;
  const tokens = Object.entries(report.tokens);
  const unused = report.unusedTokens;
  return html`<section data-test="caller">
    <h2 data-test="verdict" class=${report.verdict === 'pass' ? 'pass' : 'fail'}>
      Verdict: ${report.verdict.toUpperCase()}
    </h2>
    <p>
      ${report.caller.requests} request(s) for ${report.tokensTotal ?? tokens.length} token(s) on
      ${report.caller.connections} connection(s), at most ${report.caller.maxConcurrent} at once, since ${report.since}.
    </p>
    ${
      (report.caller.outage > 0 || report.caller.proxied > 0) &&
      html`<p data-test="not-scripted">${notScripted(report.caller)}</p>`
    }
    ${
      report.failures.length > 0 &&
      html`<ul class="problems" data-test="failures">
        ${report.failures.map((f) => html`<li data-test="failure">${f}</li>`)}
      </ul>`
    }
    ${
      report.warnings.length > 0 &&
      html`<ul data-test="warnings">
        ${report.warnings.map((w) => html`<li data-test="warning">${w}</li>`)}
      </ul>`
    }
    <h2>Unknown tokens: ${report.unknownTokens.count} request(s)</h2>
    <ul data-test="unknown">
      ${report.unknownTokens.top.map(
        (u) =>
          html`<li>
            <code>${u.token}</code>
            ${` ×${u.count}`}${u.nearMisses.length > 0 ? ` (did you mean ${u.nearMisses.join(', ')}?)` : ''}
          </li>`,
      )}
    </ul>
    <h2>Unused tokens: ${unused.length}</h2>
    <p data-test="unused">${unused.length === 0 ? 'every written token was requested' : unused.join(', ')}</p>
    <h2>Timeline</h2>
    <p class="muted">
      <span class="pass">● card</span> <span class="answer-4xx">● 4xx</span> <span class="fail">● 5xx</span>
      <span class="answer-fault">● fault</span> ○ abandoned by the caller; ■ answered during an outage; ◆ proxied to the
      real service; a red name retried without waiting (back-off <code>immediate</code>)
    </p>
    <${Timeline} tokens=${tokens} />
  </section>`;
}

/** One row per token, the busiest first as the report lists them; the x axis spans every mark. */
function Timeline({ tokens }) {
  const marks = tokens.flatMap(([, t]) => t.timeline.map((m) => m[0]));
  const start = marks.length > 0 ? Math.min(...marks) : 0;
  const end = marks.length > 0 ? Math.max(...marks) : 1;
  const span = Math.max(1, end - start);
  const x = (ms) => LABEL + ((ms - start) / span) * (WIDTH - LABEL - 10);
  const height = tokens.length * ROW + 20;
  return html`<svg data-test="timeline" width=${WIDTH} height=${height} viewBox="0 0 ${WIDTH} ${height}">
    ${tokens.map(
      ([token, t], row) =>
        html`<g data-token=${token} data-backoff=${t.backoff} transform="translate(0 ${row * ROW + 4})">
          <text x="0" y="11" font-size="11" class=${t.backoff === 'immediate' ? 'fail' : ''}>
            ${rowLabel(token, t)}<title>${rowTitle(token, t)}</title>
          </text>
          <line x1=${LABEL} x2=${WIDTH - 10} y1="8" y2="8" stroke="#ddd" />
          ${t.timeline.map(([at, answer, abandoned, via]) => {
            const title = `${token}: ${answer}${abandoned ? ', abandoned' : ''}${via ? `, ${VIA[via]}` : ''} at ${Math.round(at)} ms`;
            const look = {
              class: 'mark',
              'data-answer': answer,
              'data-abandoned': abandoned ? 'yes' : 'no',
              'data-via': via ?? 'none',
              fill: abandoned ? 'none' : colourOf(answer),
              stroke: colourOf(answer),
              'stroke-width': 2,
            };
            // An outage's answer is a square, the real service's a diamond: not what the scenarios said.
            if (via === 'outage')
              return html`<rect ...${look} x=${x(at) - 4} y="4" width="8" height="8"><title>${title}</title></rect>`;
            if (via === 'proxied')
              return html`<rect ...${look} x=${x(at) - 3} y="5" width="6" height="6" transform="rotate(45 ${x(at)} 8)"
                ><title>${title}</title></rect
              >`;
            return html`<circle ...${look} cx=${x(at)} cy="8" r="4"><title>${title}</title></circle>`;
          })}
        </g>`,
    )}
    <text x=${LABEL} y=${height - 2} font-size="10">${Math.round(start)} ms</text>
    <text x=${WIDTH - 60} y=${height - 2} font-size="10">${Math.round(end)} ms</text>
  </svg>`;
}
