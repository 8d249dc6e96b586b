import { adminCall } from '../../helpers/admin-client';
import { rawExchange, rawRequest } from '../../helpers/raw-request';
import { startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

// The journal's `bytes` is what went onto the connection for one response: status line, headers
// and body. Each case compares it with every byte a raw client received for that response.
const FILE = `tokens:
  alice:
    client: { id: 1, name: Alice A, surname: A, firstname: Alice, type: "0", enabled: true }
    headers: { X-Trace: abc }
  expired:
    status: 401
    errorCode: TOKEN_EXPIRED
    errorText: token expired
  slow:
    status: 503
    body: none
    delay: 20ms
  cut:
    client: { id: 2, name: Bob B, surname: B, firstname: Bob, type: "0", enabled: true }
    fault: truncated
  gone:
    status: 204
  broken:
    client: { id: 3, name: Carl C, surname: C, firstname: Carl, type: "0", enabled: true }
    fault: malformed
`;

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ 'a.yaml': FILE });
});
afterAll(() => t.close());

/** The newest journal entry for `token` (null: a request rejected before its token was read). */
async function bytesJournaled(token: string | null): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await adminCall(t.url, 'GET', '/__admin/requests');
    const entry = (res.body.requests as Array<Record<string, unknown>>).find((e) => e.token === token);
    if (entry) return entry.bytes as number;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no journal entry for ${token}`);
}

/** Every byte a raw request text on its own connection received, until the server ended it. */
async function rawBytes(request: string): Promise<Buffer> {
  return (await rawExchange(t.url, request)).bytes;
}

test.each([
  ['a card, with a header of its own', 'GET', 'alice'],
  ['an error entry over POST', 'POST', 'expired'],
  ['a delayed reply with no body', 'GET', 'slow'],
  ['an unknown token (the fallback)', 'GET', 'nobody'],
  ['a truncated body: the bytes sent, not those declared', 'GET', 'cut'],
  ['a malformed body', 'GET', 'broken'],
  ['a 204, which has no body', 'GET', 'gone'],
] as const)('counts every byte of %s', async (_case, method, token) => {
  const got = await rawRequest(t.url, method, token);
  expect(got.bytes.length).toBeGreaterThan(0);
  expect(await bytesJournaled(token)).toBe(got.bytes.length);
});

test('counts the head alone for HEAD, which sends no body', async () => {
  const got = await rawBytes('HEAD /rest/chat/client/id/alice HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
  expect(got.toString('latin1')).toMatch(/^HTTP\/1\.1 200 [^]*\r\n\r\n$/);
  const entries = (await adminCall(t.url, 'GET', '/__admin/requests?method=HEAD')).body.requests as Array<
    Record<string, unknown>
  >;
  expect(entries[0]).toMatchObject({ token: 'alice', bytes: got.length });
});

test('counts a rejected request, which has no token', async () => {
  const got = await rawBytes(
    'POST /rest/chat/client/id/ HTTP/1.1\r\nhost: x\r\ncontent-length: 0\r\nconnection: close\r\n\r\n',
  );
  expect(got.toString('latin1')).toMatch(/^HTTP\/1\.1 400 /);
  expect(await bytesJournaled(null)).toBe(got.length);
});

test('counts each of several responses on one kept-alive connection apart', async () => {
  const one = 'GET /rest/chat/client/id/alice HTTP/1.1\r\nhost: x\r\n\r\n';
  const got = await rawBytes(
    one + one + one.replace('alice', 'expired').replace('\r\n\r\n', '\r\nconnection: close\r\n\r\n'),
  );
  const entries = (
    (await adminCall(t.url, 'GET', '/__admin/requests?limit=3')).body.requests as Array<Record<string, unknown>>
  ).reverse();
  expect(entries.map((e) => e.token)).toEqual(['alice', 'alice', 'expired']);
  expect(entries.reduce((sum, e) => sum + (e.bytes as number), 0)).toBe(got.length);
  expect(entries[0].bytes).toBe(entries[1].bytes);
});
