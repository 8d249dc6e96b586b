import { PassThrough } from 'node:stream';
import { createRequestLog, formatRequestLine } from '../../src/cli/request-log';
import type { JournalEntry } from '../../src/server/journal';

const BASE: JournalEntry = {
  seq: 1, time: '2026-01-01T00:00:00.000Z', method: 'GET', token: 'alice', origin: 'path', status: 200, fault: null,
  delayMs: 0, bytes: 200, durationMs: 1.5, matched: 'token', entry: 'scenarios/retail.yaml:4', nearMisses: [],
  refused: null, clientCert: null,
};

test.each<[Partial<JournalEntry>, string]>([
  [{}, 'GET alice 200 1.5ms  scenarios/retail.yaml:4'],
  [{ method: 'POST', token: 'a b', status: 503, delayMs: 250 }, 'POST "a b" 503 1.5ms  delay 250ms  scenarios/retail.yaml:4'],
  [{ status: null, fault: 'reset' }, 'GET alice --- 1.5ms  fault reset  scenarios/retail.yaml:4'],
  [{ token: 'alise', status: 404, matched: 'fallback', entry: '(built-in fallback)', nearMisses: ['alice', 'alike'] }, 'GET alise 404 1.5ms  fallback (built-in fallback)  did you mean "alice" or "alike"?'],
  [{ method: 'PUT', token: null, origin: null, status: 405, matched: 'rejected', entry: null }, 'PUT (no token) 405 1.5ms  rejected'],
  [{ matched: 'admin', entry: '(admin)' }, 'GET alice 200 1.5ms  (admin)'],
])('a request line reads %j', (change, line) => {
  expect(formatRequestLine({ ...BASE, ...change }, false)).toBe(line);
});

test('colours appear only when asked for', () => {
  expect(formatRequestLine(BASE, true)).toContain('\u001b[32m200\u001b[39m');
  expect(formatRequestLine(BASE, false)).not.toContain('\u001b[');
});

test('--quiet prints no request lines; json prints the entry', () => {
  expect(createRequestLog('text', true)).toBeUndefined();
  const out = new PassThrough();
  createRequestLog('json', false, out)!(BASE);
  expect(JSON.parse(String(out.read()))).toEqual({ level: 'info', event: 'request', ...BASE });
});
