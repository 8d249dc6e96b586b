/** One message of `GET /__admin/events`: its event name, its JSON data and its SSE id when it has one. */
export interface StreamEvent {
  readonly event: string;
  readonly data: Record<string, unknown>;
  readonly id?: string;
}

/**
 * Reads `GET /__admin/events` as a script would, collecting every event until aborted; with
 * `lastEventId`, as an EventSource reconnecting after the message of that id.
 */
export function openStream(
  url: string,
  lastEventId?: string,
): { events: StreamEvent[]; ended: Promise<unknown>; close(): void } {
  const events: StreamEvent[] = [];
  const abort = new AbortController();
  const headers: Record<string, string> = lastEventId === undefined ? {} : { 'last-event-id': lastEventId };
  const ended = (async () => {
    const res = await fetch(`${url}/__admin/events`, { headers, signal: abort.signal });
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        const id = /^id: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown>, ...(id && { id }) });
      }
    }
  })().catch(() => undefined);
  return { events, ended, close: () => abort.abort() };
}

/** The `requests` messages a stream got: every request number, the skipped counts summed, the last id. */
export function requestsOf(events: readonly StreamEvent[]) {
  const messages = events.filter((e) => e.event === 'requests');
  return {
    seqs: messages.flatMap((e) => (e.data.requests as { seq: number }[]).map((r) => r.seq)),
    skipped: messages.reduce((n, e) => n + (e.data.skipped as number), 0),
    lastId: messages.at(-1)?.id,
  };
}
