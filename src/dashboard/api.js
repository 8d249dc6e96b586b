// The admin API as the page uses it: the same calls a script would make, plus the admin secret
// once given (writes need it; on a host other machines reach, reads too). The API's base is this
// page's path without "/ui/".
import { createParser } from './vendor/eventsource-parser.js';

const adminBase = location.pathname.replace(/\/ui(\/.*)?$/, '');
const SECRET_KEY = 'auth-sim.admin-secret';

export function savedSecret() {
  return sessionStorage.getItem(SECRET_KEY) ?? '';
}

export function saveSecret(secret) {
  sessionStorage.setItem(SECRET_KEY, secret);
  dispatchEvent(new Event(SECRET_KEY));
}

function secretHeaders() {
  const secret = savedSecret();
  return secret === '' ? {} : { 'x-admin-token': secret };
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * fetch, and a read that got no answer at all sent again, twice at most: a request can fail with
 * nothing wrong at either end (Chromium fails the requests waiting for a connection when a network
 * interface comes or goes, see start.js), and a view whose one read failed would stay empty. A
 * read can be repeated; a change cannot, since it may have been made.
 */
async function fetchRetryingReads(url, init) {
  for (let tried = 1; ; tried++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (init.method !== 'GET' || tried === 3) throw error;
      await pause(250 * tried);
    }
  }
}

/** A JSON admin call; resolves to { ok, status, body } and never throws on an HTTP error. */
export async function adminCall(method, path, text, contentType = 'application/yaml') {
  const headers = secretHeaders();
  if (text !== undefined) headers['content-type'] = contentType;
  const res = await fetchRetryingReads(adminBase + path, { method, headers, body: text });
  const body = await res.json().catch(() => ({}));
  return { ok: res.ok, status: res.status, body };
}

/** Saves the runtime tokens as a scenario file (GET export), with the secret the page holds. */
export async function downloadExport() {
  const res = await fetch(`${adminBase}/export`, { headers: secretHeaders() });
  if (!res.ok) return res.status;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = 'auth-sim-runtime.yaml';
  link.click();
  URL.revokeObjectURL(link.href);
  return res.status;
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

/**
 * Reads GET /events with fetch, not EventSource, so the admin secret can go with it: calls
 * `handlers[event](data)` per message and `onState('live' | 'off' | 'secret')`; reconnects after
 * a second, or once a secret is saved when the stream asked for one. The stream is parsed by the
 * SSE rules (eventsource-parser: lines end only at CR, LF or CRLF, so a token holding U+2028 is
 * data like any other), a message that is not JSON is skipped, and a stream given up on is
 * cancelled, so its connection closes instead of holding one of the browser's six. A reconnect
 * sends the last message id back as Last-Event-ID, as EventSource would, so the server sends only
 * the requests that came after it. Returns a function that stops it.
 */
export function openEvents(handlers, onState) {
  const stop = new AbortController();
  let lastEventId;
  const secretSaved = () => new Promise((resolve) => addEventListener(SECRET_KEY, resolve, { once: true }));
  const deliver = (message) => {
    let data;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (message.id !== undefined) lastEventId = message.id;
    handlers[message.event ?? 'message']?.(data);
  };
  const read = async () => {
    const headers = { ...secretHeaders(), ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) };
    const res = await fetch(adminBase + '/events', { headers, signal: stop.signal });
    if (res.status === 401) return (res.body?.cancel(), onState('secret'), secretSaved());
    if (!res.ok) return void res.body?.cancel();
    onState('live');
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const parser = createParser({ onEvent: deliver });
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(chunk.value);
    } finally {
      reader.cancel().catch(() => undefined);
    }
  };
  (async () => {
    while (!stop.signal.aborted) {
      const waited = await read().catch(() => undefined);
      if (stop.signal.aborted) return;
      if (waited === undefined) (onState('off'), await pause(1000));
    }
  })();
  return () => stop.abort();
}
