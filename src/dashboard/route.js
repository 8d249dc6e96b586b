// The address is the state: `#<view>`, `#tokens/<token>` (percent-encoded), and `&session=<id>`
// after any of them to show that session's requests only (`#session=<id>` alone: its traffic).
// Hand-written over a router library: five views and one parameter need no matcher.

const VIEWS = ['traffic', 'sessions', 'tokens', 'caller', 'health'];

function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The view, the token a tokens view opens, and the session the page is filtered to (null: all traffic). */
export function routeOf(hash) {
  let session = null;
  const rest = [];
  for (const part of hash.replace(/^#/, '').split('&'))
    if (part.startsWith('session=')) session = decoded(part.slice('session='.length)) || null;
    else rest.push(part);
  const [name, ...tail] = (rest[0] ?? '').split('/');
  const view = VIEWS.includes(name) ? name : 'traffic';
  const token = view === 'tokens' && tail.length > 0 ? decoded(tail.join('/')) : null;
  return { view, token, session };
}

/** The address of a route: the inverse of routeOf. */
export function hashOf({ view, token = null, session = null }) {
  const where = token === null ? view : `${view}/${encodeURIComponent(token)}`;
  return session === null ? `#${where}` : `#${where}&session=${encodeURIComponent(session)}`;
}
