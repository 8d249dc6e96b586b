import { PassThrough, Writable } from 'node:stream';
import { BatchedLines } from '../../src/cli/batched-lines';
import { createRequestLog, formatRequestLine } from '../../src/cli/request-log';
import type { JournalEntry, JournalRecord } from '../../src/server/endpoint/journal';
import { waitFor } from '../helpers/wait-for';
import { logTime, useColor } from '../../src/cli/logger';

const BASE: JournalEntry = {
  seq: 1,
  time: '2026-01-01T00:00:00.000Z',
  method: 'GET',
  token: 'alice',
  origin: 'path',
  status: 200,
  fault: null,
  delayMs: 0,
  bytes: 200,
  durationMs: 1.5,
  matched: 'token',
  entry: 'scenarios/retail.yaml:4',
  nearMisses: [],
  refused: null,
  clientCert: null,
};

/** BASE as the recorder holds it: what the request log is handed. */
const RECORD: JournalRecord = {
  ...BASE,
  at: Date.parse(BASE.time),
  durationMs: 1.5,
  source: { file: 'scenarios/retail.yaml', line: 4 },
  misses: null,
  traceparent: undefined,
};

test.each<[Partial<JournalRecord>, string]>([
  [{}, 'GET alice 200 1.5ms  scenarios/retail.yaml:4'],
  [
    { method: 'POST', token: 'a b', status: 503, delayMs: 250 },
    'POST "a b" 503 1.5ms  delay 250ms  scenarios/retail.yaml:4',
  ],
  [{ status: null, fault: 'reset' }, 'GET alice --- 1.5ms  fault reset  scenarios/retail.yaml:4'],
  [
    {
      token: 'alise',
      status: 404,
      matched: 'fallback',
      source: { file: '(built-in fallback)', line: 0 },
      misses: () => ['alice', 'alike'],
    },
    'GET alise 404 1.5ms  fallback (built-in fallback)  did you mean "alice" or "alike"?',
  ],
  [
    { method: 'PUT', token: null, origin: null, status: 405, matched: 'rejected', source: null },
    'PUT (no token) 405 1.5ms  rejected',
  ],
  [{ matched: 'admin', source: { file: '(admin)', line: 0 } }, 'GET alice 200 1.5ms  (admin)'],
])('a request line reads %j', (change, line) => {
  expect(formatRequestLine({ ...RECORD, ...change }, false)).toBe(line);
});

test('colours appear only when asked for', () => {
  expect(formatRequestLine(RECORD, true)).toContain('\u001b[32m200\u001b[39m');
  expect(formatRequestLine(RECORD, false)).not.toContain('\u001b[');
});

test('--quiet prints no request lines; json prints the entry', () => {
  expect(createRequestLog('text', true)).toBeUndefined();
  const out = new PassThrough();
  const log = createRequestLog('json', false, out)!;
  log.push(RECORD);
  log.flush();
  expect(JSON.parse(String(out.read()))).toEqual({ level: 'info', event: 'request', ...BASE });
});

test('lines pushed together go out as one write, in order, without a flush', async () => {
  const out = new PassThrough();
  const writes: string[] = [];
  out.on('data', (chunk: Buffer) => writes.push(String(chunk)));
  const log = createRequestLog('text', false, out)!;
  for (const token of ['a', 'b', 'c']) log.push({ ...RECORD, token });
  await waitFor(() => writes.length > 0, { what: 'the batch written' });
  expect(writes).toEqual([
    'auth-sim: GET a 200 1.5ms  scenarios/retail.yaml:4\nauth-sim: GET b 200 1.5ms  scenarios/retail.yaml:4\nauth-sim: GET c 200 1.5ms  scenarios/retail.yaml:4\n',
  ]);
});

/** A stream that takes writes but finishes none until `release()`: a reader that stopped reading. */
function stalledStream(): { out: Writable; written: string[]; release(): void } {
  const written: string[] = [];
  const held: (() => void)[] = [];
  const out = new Writable({
    highWaterMark: 64,
    write(chunk: Buffer, _encoding, callback) {
      written.push(String(chunk));
      held.push(callback);
    },
  });
  return { out, written, release: () => held.splice(0).forEach((callback) => callback()) };
}

test('a stream that does not keep up gets no more than the cap; the rest is counted, then noted where it was missing', async () => {
  const { out, written, release } = stalledStream();
  let firstDrops = 0;
  const lines = new BatchedLines<string>(out, {
    format: (s, line) => line.text(`${s}\n`),
    droppedNote: (n) => `(${n} dropped)\n`,
    onFirstDrop: () => (firstDrops += 1),
    maxBufferedBytes: 4,
  });
  lines.push('one');
  lines.flush(); // 4 bytes held by the stream: the cap
  lines.push('two');
  lines.push('three');
  expect(lines.dropped).toBe(2);
  expect(out.writableLength).toBe(4);
  release(); // the reader catches up: the note goes out ahead of the next line
  lines.push('four');
  await waitFor(() => written.length === 2, { what: 'the note and the next line written' });
  release();
  expect(written.join('')).toBe('one\n(2 dropped)\nfour\n');
  expect(lines.dropped).toBe(2);
  expect(firstDrops).toBe(1);
});

test('a duration reads as JavaScript prints it rounded to hundredths, whatever its size', () => {
  const durations = [0, 0.004, 0.005, 0.05, 0.1, 0.15, 1.005, 1.5, 2, 9.99, 12.345, 100, 1234.56, 86_400_000.25];
  for (let i = 0; i < 2000; i++) durations.push((i * 7.31) % 250);
  for (const durationMs of durations)
    expect(formatRequestLine({ ...RECORD, durationMs }, false)).toBe(
      `GET alice 200 ${Math.round(durationMs * 100) / 100}ms  scenarios/retail.yaml:4`,
    );
});

test("one entry's lines follow each request's method, status and token, whatever came before", () => {
  const source = { file: 'scenarios/seq.yaml', line: 9 };
  const line = (change: Partial<JournalRecord>, color = false) =>
    formatRequestLine({ ...RECORD, source, ...change }, color);
  expect(line({})).toBe('GET alice 200 1.5ms  scenarios/seq.yaml:9');
  expect(line({ status: 503, durationMs: 2 })).toBe('GET alice 503 2ms  scenarios/seq.yaml:9');
  expect(line({ method: 'POST', status: 503 })).toBe('POST alice 503 1.5ms  scenarios/seq.yaml:9');
  expect(line({ status: null, fault: 'hang' })).toBe('GET alice --- 1.5ms  fault hang  scenarios/seq.yaml:9');
  expect(line({ token: 's1-alice' })).toBe('GET s1-alice 200 1.5ms  scenarios/seq.yaml:9');
  expect(line({ clientCert: 'CN=chat' })).toBe('GET alice 200 1.5ms  scenarios/seq.yaml:9  cert CN=chat');
  expect(line({}, true)).toBe('GET alice \u001b[32m200\u001b[39m 1.5ms  \u001b[2mscenarios/seq.yaml:9\u001b[22m');
  expect(line({ delayMs: 40 })).toBe('GET alice 200 1.5ms  delay 40ms  scenarios/seq.yaml:9');
  expect(line({ durationMs: 0.25 })).toBe('GET alice 200 0.25ms  scenarios/seq.yaml:9');
});

test("a named entry's own token, its line written as bytes made once, reads as formatRequestLine makes it", () => {
  const tokens = ['alice', 'zoë', 'a b', '東京'];
  const records: JournalRecord[] = [];
  for (const [i, token] of tokens.entries()) {
    const source = { file: 'scenarios/café.yaml', line: i + 1 };
    for (const [method, status, durationMs] of [
      ['GET', 200, 0.05],
      ['GET', 200, 12.5],
      ['POST', 200, 3],
      ['POST', 503, 1234.56],
      ['GET', null, 0],
    ] as const)
      records.push({ ...RECORD, token, source, method, status, durationMs, at: RECORD.at + records.length });
  }
  for (const tty of [false, true])
    for (const time of [false, true]) {
      const out = Object.assign(new PassThrough(), { isTTY: tty });
      const color = useColor(out);
      const log = createRequestLog('text', false, out, undefined, time)!;
      for (const record of records) log.push(record);
      log.flush();
      const prefix = color ? '\u001b[2mauth-sim:\u001b[22m ' : 'auth-sim: ';
      expect(String(out.read())).toBe(
        records.map((r) => `${prefix}${time ? `${logTime(r.at)} ` : ''}${formatRequestLine(r, color)}\n`).join(''),
      );
    }
});
