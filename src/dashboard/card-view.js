import { html } from './vendor/preact-htm.js';

/** Only absolute http(s) URLs become links or buttons: a `javascript:` or `data:` value is shown as text, never run. */
function isWebUrl(value) {
  try {
    return ['http:', 'https:'].includes(new URL(String(value)).protocol);
  } catch {
    return false;
  }
}

/** A client card as an operator sees it: name and flags, groups as a tree, fields in order, actions, companies. */
export function CardView({ body }) {
  let data;
  try {
    data = JSON.parse(body);
  } catch {
    return null;
  }
  const c = data?.client;
  if (!c) return data?.errorCode ? html`<p class="err">${data.errorCode}: ${data.errorText ?? ''}</p>` : null;
  return html`<div class="card" data-test="card">
    <div class="card-head">
      <b>${c.name}</b> <span>type ${c.type}</span>
      <span class=${String(c.enabled) === 'true' ? 'ok' : 'err'}
        >${String(c.enabled) === 'true' ? 'servicing allowed' : 'servicing NOT allowed'}</span
      >
    </div>
    <table class="fields">
      ${Object.entries(c)
        .filter(([, v]) => typeof v !== 'object')
        .map(
          ([k, v]) =>
            html`<tr>
              <th>${k}</th>
              <td>${String(v)}</td>
            </tr>`,
        )}
    </table>
    ${Array.isArray(c.group) && html`<div><b>Groups</b>${groupTree(c.group)}</div>`}
    ${
      Array.isArray(c.fieldList) &&
      html`<table class="fields">
        ${c.fieldList.map(
          (f) =>
            html`<tr>
              <th>${f.name}</th>
              <td>${f.value}</td>
            </tr>`,
        )}
      </table>`
    }
    ${
      Array.isArray(c.actionList) &&
      html`<div class="actions">
        ${c.actionList.map((a) =>
          !isWebUrl(a.value)
            ? html`<span class="action-text" data-test="action-text"
                >${a.name ?? 'Open in CRM'}: ${String(a.value)}</span
              >`
            : String(a.type) === '1'
              ? html`<button onClick=${() => window.open(a.value, '_blank', 'noopener')}>
                  ${a.name ?? 'Open in CRM'}
                </button>`
              : html`<a href=${a.value} target="_blank" rel="noopener">${a.name ?? 'Open in CRM'}</a>`,
        )}
      </div>`
    }
    ${
      Array.isArray(data.companyList) &&
      html`<div>
        <b>Companies</b>
        <ul>
          ${data.companyList.map((co) => html`<li>${co.name ?? co.id} ${co.inn ? `(INN ${co.inn})` : ''}</li>`)}
        </ul>
      </div>`
    }
  </div>`;
}

/** Each group under its parents, the way the operator's interface nests them. */
function groupTree(groups) {
  return html`<ul class="tree">
    ${groups.map((g) => html`<li>${chain(g).join(' > ')}</li>`)}
  </ul>`;
}

function chain(group) {
  const names = [];
  for (let g = group; g; g = g.parentGroup) names.unshift(g.name ?? g.id);
  return names;
}
