/** Ended sessions the panel keeps showing, newest ending first. */
const KEEP_ENDED = 20;

/**
 * The Sessions panel's state after a `sessions` event: the live sessions as sent, and the ones
 * that left the list since the last event kept as ended (a list cut to its newest sessions may
 * drop a live one, so only an uncut list ends anything). `receivedAt` (this browser's clock)
 * turns the server's `now` into ages that keep moving between events.
 */
export function mergeSessions(old, message, receivedAt) {
  const live = new Set(message.sessions.map((s) => s.id));
  const cut = message.count > message.sessions.length;
  const gone = cut ? [] : (old?.live ?? []).filter((s) => !live.has(s.id));
  const ended = [...gone, ...(old?.ended ?? []).filter((s) => !live.has(s.id))].slice(0, KEEP_ENDED);
  return { count: message.count, max: message.max, now: message.now, receivedAt, live: message.sessions, ended };
}

/** Whether the page knows session `id` has ended since it was seen live. */
export function hasEnded(state, id) {
  return state?.ended.some((s) => s.id === id) ?? false;
}

/** The live session `id` as last listed; undefined when not listed. */
export function liveSession(state, id) {
  return state?.live.find((s) => s.id === id);
}
