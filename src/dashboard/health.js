import { html } from './vendor/preact-htm.js';
import { ClockLine } from './clock.js';

/** Loaded files and counts, the last reload, and a broken file's problems with their source lines. */
export function Health({ health }) {
  if (!health) return html`<p>waiting for the simulator...</p>`;
  const r = health.lastReload;
  return html`<section data-test="health">
    ${
      health.lastError &&
      html`<div class="problems" data-test="problems">
        <h2>Broken: the last good set is still served</h2>
        ${health.lastError.problems.map(
          (p) =>
            html`<div class="problem">
              <div data-test="problem">${p.text}</div>
              ${p.sourceLine !== null && html`<pre data-test="source-line">${sourceWithCaret(p)}</pre>`}
            </div>`,
        )}
      </div>`
    }
    <h2>Loaded</h2>
    <p>
      ${health.tokens} token(s) from ${health.files.length} file(s), loaded ${health.loadedAt};
      ${health.runtimeTokens.length} runtime token(s).
    </p>
    <table>
      <thead>
        <tr>
          <th>file</th>
          <th>named tokens</th>
        </tr>
      </thead>
      <tbody>
        ${health.files.map(
          (f) =>
            html`<tr>
              <td>${f}</td>
              <td>${health.tokensPerFile[f] ?? 0}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    ${health.populations.length > 0 && html`<p>Populations: ${health.populations.map((p) => `${p.description} (${p.size})`).join('; ')}</p>`}
    <${ClockLine} />
    <h2>Last reload</h2>
    ${r ? html`<p data-test="last-reload">${r.at}: ${r.trigger}, ${r.ok ? `applied in ${Math.round(r.ms)} ms: ${r.added} added, ${r.removed} removed, ${r.changed} changed` : 'failed'}</p>` : html`<p>none yet</p>`}
    <p class="muted">${health.reloads} reload(s) applied since the start.</p>
  </section>`;
}

/** The problem's line, numbered, with a caret under its column (htm would fold a newline in the template). */
function sourceWithCaret(p) {
  const gutter = `${p.line} | `;
  return `${gutter}${p.sourceLine}\n${' '.repeat(gutter.length + Math.max(0, p.column - 1))}^`;
}
