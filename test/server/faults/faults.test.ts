import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rawRequest } from '../../helpers/raw-request';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const CARD = '{ id: "100500", name: Ivanova Alisa, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }';
const CARD_JSON =
  '{"client":{"id":"100500","name":"Ivanova Alisa","surname":"Ivanova","firstname":"Alisa","type":"0","enabled":"true"}}';

const SCENARIO = `
tokens:
  card: { client: ${CARD} }
  f-reset: { fault: reset, client: ${CARD} }
  f-close: { fault: close, client: ${CARD} }
  f-hang: { fault: { hang: 600ms }, client: ${CARD} }
  f-malformed: { fault: malformed, client: ${CARD} }
  f-truncated: { fault: truncated, client: ${CARD} }
  f-drip: { fault: { drip: 300ms }, client: ${CARD} }
  f-html: { fault: html }
  f-html-503: { fault: { html: 503 } }
  f-empty: { fault: empty-200, client: ${CARD} }
  f-no-card: { fault: no-card, client: ${CARD} }
  f-late-reset: { fault: reset, delay: 150ms }
`;

let t: TestSimulator;
let expressServer: http.Server;
let expressUrl: string;
beforeAll(async () => {
  t = await startTestSimulator({ 'faults.yaml': SCENARIO });
  // The same app the simulator mounts behind its fast path, listening on its own: the Express route.
  expressServer = http.createServer(t.sim.app);
  await new Promise<void>((resolve) => expressServer.listen(0, '127.0.0.1', resolve));
  expressUrl = `http://127.0.0.1:${(expressServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  expressServer.closeAllConnections();
  await new Promise((resolve) => expressServer.close(resolve));
  await t.close();
});

const ROUTES = [
  ['the fast path', () => t.url],
  ['the Express app', () => expressUrl],
] as const;
const METHODS = ['GET', 'POST'] as const;
const CASES = ROUTES.flatMap(([route, url]) =>
  METHODS.map((method) => [`${method} via ${route}`, method, url] as const),
);

// The faults that take time (hang, drip, delay) are waited out side by side: each request is
// independent, and what is asserted of them is a lower bound on time or no bytes at all.
describe.each(CASES)('%s', (_name, method, url) => {
  test('reset: the connection is reset before any byte (ECONNRESET)', async () => {
    const got = await rawRequest(url(), method, 'f-reset');
    expect(got.ending).toBe('error');
    expect(got.code).toBe('ECONNRESET');
    expect(got.bytes.length).toBe(0);
  });

  test('close: the connection ends cleanly with no response bytes', async () => {
    const got = await rawRequest(url(), method, 'f-close');
    expect(got.ending).toBe('end');
    expect(got.code).toBeNull();
    expect(got.bytes.length).toBe(0);
  });

  test.concurrent('hang: nothing arrives before the client gives up', async () => {
    const got = await rawRequest(url(), method, 'f-hang', 250);
    expect(got.ending).toBe('timeout');
    expect(got.bytes.length).toBe(0);
  });

  test.concurrent('hang: at its cap the connection is closed, still with no response', async () => {
    const got = await rawRequest(url(), method, 'f-hang', 5000);
    expect(got.ending).not.toBe('timeout');
    expect(got.bytes.length).toBe(0);
    expect(got.ms).toBeGreaterThanOrEqual(550);
  });

  test('malformed: 200 with a body of the declared length that is not JSON', async () => {
    const got = await rawRequest(url(), method, 'f-malformed');
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(got.headers['content-length'])).toBe(got.body.length);
    expect(got.body.toString()).toBe(CARD_JSON.slice(0, -1));
    expect(() => JSON.parse(got.body.toString())).toThrow(SyntaxError);
  });

  test('truncated: Content-Length promises more bytes than arrive, then the connection closes', async () => {
    const got = await rawRequest(url(), method, 'f-truncated');
    expect(got.status).toBe(200);
    expect(Number(got.headers['content-length'])).toBe(Buffer.byteLength(CARD_JSON));
    expect(got.body.toString()).toBe(CARD_JSON.slice(0, Math.floor(CARD_JSON.length / 2)));
    expect(got.ending).toBe('end');
  });

  test.concurrent('drip: the whole card arrives, in several pieces spread over the drip time', async () => {
    const got = await rawRequest(url(), method, 'f-drip');
    expect(got.status).toBe(200);
    expect(got.body.toString()).toBe(CARD_JSON);
    expect(got.chunks.length).toBeGreaterThanOrEqual(3);
    expect(got.ms).toBeGreaterThanOrEqual(250);
  });

  test('html: a proxy error page as text/html, 502 by default', async () => {
    const got = await rawRequest(url(), method, 'f-html');
    expect(got.status).toBe(502);
    expect(got.headers['content-type']).toBe('text/html');
    expect(got.body.toString()).toContain('<title>502 Bad Gateway</title>');
    expect(Number(got.headers['content-length'])).toBe(got.body.length);
  });

  test('html: with its status named', async () => {
    const got = await rawRequest(url(), method, 'f-html-503');
    expect(got.status).toBe(503);
    expect(got.body.toString()).toContain('<h1>503 Service Unavailable</h1>');
  });

  test('empty-200: 200 with an empty body', async () => {
    const got = await rawRequest(url(), method, 'f-empty');
    expect(got.status).toBe(200);
    expect(got.headers['content-length']).toBe('0');
    expect(got.body.length).toBe(0);
  });

  test('no-card: 200 with JSON that has neither a client nor an error', async () => {
    const got = await rawRequest(url(), method, 'f-no-card');
    expect(got.status).toBe(200);
    expect(JSON.parse(got.body.toString())).toEqual({});
  });

  test.concurrent('a delay comes first, then the fault', async () => {
    const got = await rawRequest(url(), method, 'f-late-reset');
    expect(got.code).toBe('ECONNRESET');
    expect(got.ms).toBeGreaterThanOrEqual(140);
  });
});

test('fetch sees a reset and a close as network errors, and the server keeps answering', async () => {
  await expect(getClient(t.url, 'f-reset')).rejects.toThrow('fetch failed');
  await expect(getClient(t.url, 'f-close')).rejects.toThrow('fetch failed');
  const after = await getClient(t.url, 'card');
  expect(after.text).toBe(CARD_JSON);
});

test('a fault in the fallback hits every unknown token', async () => {
  const s = await startTestSimulator({
    'a.yaml': 'fallback: { fault: reset }\ntokens: { known: { status: 204, body: none } }\n',
  });
  try {
    expect((await rawRequest(s.url, 'GET', 'who-is-this')).code).toBe('ECONNRESET');
    expect((await rawRequest(s.url, 'POST', 'nobody')).code).toBe('ECONNRESET');
    expect((await rawRequest(s.url, 'GET', 'known')).status).toBe(204);
  } finally {
    await s.close();
  }
});

test('closing the simulator ends a hanging request at once instead of waiting out its cap', async () => {
  const s = await startTestSimulator({ 'a.yaml': 'tokens: { stuck: { fault: { hang: 60s } } }\n' });
  const pending = rawRequest(s.url, 'GET', 'stuck', 20_000);
  await waitForConnections(s.sim.server, 1);
  const started = Date.now();
  await s.sim.close(15_000);
  expect(Date.now() - started).toBeLessThan(5000);
  const got = await pending;
  expect(got.ending).not.toBe('timeout');
  expect(got.bytes.length).toBe(0);
  s.dir.remove();
});

async function waitForConnections(server: http.Server, count: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const n = await new Promise<number>((resolve) => server.getConnections((_e, c) => resolve(c)));
    if (n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never saw ${count} connection(s)`);
}
