// The admin API as the page uses it: the same calls a script would make, plus the admin secret
// on writes. The API's base is this page's path without "/ui/".
export const adminBase = location.pathname.replace(/\/ui(\/.*)?$/, '');
const SECRET_KEY = 'auth-sim.admin-secret';

export function savedSecret() {
  return sessionStorage.getItem(SECRET_KEY) ?? '';
}

export function saveSecret(secret) {
  sessionStorage.setItem(SECRET_KEY, secret);
}

/** A JSON admin call; resolves to { ok, status, body } and never throws on an HTTP error. */
export async function adminCall(method, path, text, contentType = 'application/yaml') {
  const headers = {};
  if (method !== 'GET') {
    const secret = savedSecret();
    if (secret !== '') headers['x-admin-token'] = secret;
    if (text !== undefined) headers['content-type'] = contentType;
  }
  const res = await fetch(adminBase + path, { method, headers, body: text });
  const body = await res.json().catch(() => ({}));
  return { ok: res.ok, status: res.status, body };
}

/** The protocol URL of a token, and the curl lines a chat server's requests amount to. */
export function curlFor(token) {
  const base = location.origin + '/rest/chat/client/id/';
  const quoted = (s) => "'" + s.replace(/'/g, "'\\''") + "'";
  return {
    get: 'curl -i ' + quoted(base + encodeURIComponent(token)),
    post: 'curl -i -X POST -H ' + quoted('token: ' + token) + ' ' + quoted(base),
  };
}
