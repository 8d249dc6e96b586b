import http from 'node:http';
import { MAX_STREAMS, MAX_STREAM_BACKLOG } from '../../../src/server/admin/event-hub';
import { startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { waitFor } from '../../helpers/wait-for';

const FILES = { 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' };

/** `GET /__admin/events` on its own connection, paused until `resume()`; counts the entries and skips it reads. */
function openStream(url: string) {
  const counts = { entries: 0, skipped: 0, status: 0, body: '' };
  let response: http.IncomingMessage | undefined;
  let reading = false;
  const req = http.get(`${url}/__admin/events`, { agent: false }, (res) => {
    response = res;
    counts.status = res.statusCode ?? 0;
    if (!reading) res.pause();
    res.setEncoding('utf8');
    let buffered = '';
    res.on('data', (chunk: string) => {
      buffered += chunk;
      counts.body += counts.status === 200 ? '' : chunk;
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (!block.startsWith('event: requests')) continue;
        const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { skipped: number; requests: unknown[] };
        counts.entries += data.requests.length;
        counts.skipped += data.skipped;
      }
    });
  });
  req.on('error', () => undefined);
  return {
    counts,
    resume: () => ((reading = true), response?.resume()),
    started: () => response !== undefined,
    close: () => req.destroy(),
  };
}

/** `count` protocol GETs of distinct long unknown tokens, `parallel` at a time (bounded load on loopback). */
async function requestMany(url: string, count: number, length: number, parallel = 25): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await fetch(`${url}/rest/chat/client/id/${String(i).padStart(length, 'x')}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

let t: TestSimulator;
afterEach(async () => t.close());

test('a stream that does not read holds at most its backlog, then is told how many updates it missed', async () => {
  t = await startTestSimulator(FILES, { journalSize: 10_000 });
  const stalled = openStream(t.url);
  await waitFor(() => stalled.started() && t.sim.control.streams.size === 1, { what: 'the stream open' });
  const [res] = [...t.sim.control.streams];
  let most = 0;
  const watch = setInterval(() => (most = Math.max(most, res.writableLength)), 5);
  try {
    await requestMany(t.url, 1000, 8000);
    await waitFor(() => t.sim.control.journal!.size === 1000, { timeoutMs: 20_000, what: 'every request journaled' });
  } finally {
    clearInterval(watch);
  }
  // One message (up to 200 entries of ~8 KB, 1.7 MB) may go past the backlog before the stream is skipped.
  expect(most).toBeLessThanOrEqual(MAX_STREAM_BACKLOG + 2 * 1024 * 1024);
  stalled.resume();
  await requestMany(t.url, 1, 10);
  await waitFor(() => stalled.counts.entries + stalled.counts.skipped === 1001, {
    timeoutMs: 20_000,
    what: 'every request either delivered or counted as skipped',
  });
  expect(stalled.counts.skipped).toBeGreaterThan(0);
  stalled.close();
});

test('each update is built once, however many streams read it', async () => {
  t = await startTestSimulator(FILES);
  const journal = t.sim.control.journal!;
  const list = jest.spyOn(journal, 'list');
  const streams = Array.from({ length: 10 }, () => openStream(t.url));
  streams.forEach((s) => s.resume());
  await waitFor(() => t.sim.control.streams.size === 10, { what: 'ten streams open' });
  list.mockClear();
  await requestMany(t.url, 3, 5, 1);
  await waitFor(() => streams.every((s) => s.counts.entries === 3), { what: 'three entries on every stream' });
  // One look per poll that found something new (the three may land in one, two or three polls).
  expect(list.mock.calls.length).toBeLessThanOrEqual(3);
  streams.forEach((s) => s.close());
});

test(`at most ${MAX_STREAMS} streams are open at once; one more gets a 503 that says why`, async () => {
  t = await startTestSimulator(FILES);
  const streams = Array.from({ length: MAX_STREAMS }, () => openStream(t.url));
  await waitFor(() => t.sim.control.streams.size === MAX_STREAMS, { what: 'the streams open' });
  const extra = openStream(t.url);
  await waitFor(() => extra.counts.status !== 0, { what: 'the extra stream answered' });
  extra.resume();
  await waitFor(() => extra.counts.body.length > 0, { what: 'the body of the refusal' });
  expect(extra.counts.status).toBe(503);
  expect(JSON.parse(extra.counts.body)).toEqual({
    error: `${MAX_STREAMS} event streams are open already, the most at once; close a dashboard tab or a script reading GET /__admin/events`,
  });
  streams[0].close();
  await waitFor(() => t.sim.control.streams.size === MAX_STREAMS - 1, { what: 'one stream closed' });
  const again = openStream(t.url);
  await waitFor(() => again.counts.status !== 0, { what: 'the new stream answered' });
  expect(again.counts.status).toBe(200);
  [...streams, extra, again].forEach((s) => s.close());
});
