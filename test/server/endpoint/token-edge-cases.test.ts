import http from 'node:http';
import request from 'supertest';
import { getClient, postClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const ODD_TOKENS = [
  'with space',
  'Токен-Кириллица',
  'a+b=c',
  'slash/inside',
  'percent%25sign',
  '?question#hash',
  'eyJhbGciOi.J9.x-_',
];

const scenario = JSON.stringify({
  tokens: Object.fromEntries(
    ODD_TOKENS.map((token, i) => [token, { status: 400 + i, errorCode: 'T', errorText: token }]),
  ),
});

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ 'odd.json': scenario });
});
afterAll(() => t.close());

/** A raw HTTP request, so header bytes and paths go out exactly as written. */
function raw(
  options: http.RequestOptions,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test.each(ODD_TOKENS)('GET decodes the whole path remainder: %j', async (token) => {
  const res = await getClient(t.url, token);
  expect(res.status).toBe(400 + ODD_TOKENS.indexOf(token));
  expect(JSON.parse(res.text).errorText).toBe(token);
});

test('GET keeps "+" as a plus, not a space', async () => {
  const res = await raw({ path: '/rest/chat/client/id/a+b=c' });
  expect(JSON.parse(res.body).errorText).toBe('a+b=c');
});

test('POST takes a UTF-8 token header as sent', async () => {
  const res = await raw({
    method: 'POST',
    path: '/rest/chat/client/id/',
    headers: { token: Buffer.from('Токен-Кириллица', 'utf8').toString('latin1') },
  });
  expect(JSON.parse(res.body).errorText).toBe('Токен-Кириллица');
});

test('POST reads the token header whatever its case, and joins repeats as Node does', async () => {
  const upper = await raw({ method: 'POST', path: '/rest/chat/client/id/', headers: { TOKEN: 'a+b=c' } });
  expect(JSON.parse(upper.body).errorText).toBe('a+b=c');
  // Two token headers read as "with space, a+b=c", which names no entry: the fallback, not either token.
  const twice = await raw({
    method: 'POST',
    path: '/rest/chat/client/id/',
    headers: { token: ['with space', 'a+b=c'] },
  });
  expect(twice.status).toBe(404);
});

test('POST ignores whatever body and content type come with it', async () => {
  const res = await raw({
    method: 'POST',
    path: '/rest/chat/client/id/',
    headers: { token: 'with space', 'content-type': 'application/xml' },
  });
  expect(res.status).toBe(400);
  const withBody = await postClient(t.url, 'with space', '<not>json</not>');
  expect(withBody.status).toBe(400);
  expect(JSON.parse(withBody.text).errorText).toBe('with space');
});

test.each([
  [
    'GET with no token',
    { path: '/rest/chat/client/id/' },
    400,
    'GET needs the token in the path: GET /rest/chat/client/id/{token}',
  ],
  [
    'GET with broken percent-encoding',
    { path: '/rest/chat/client/id/%E0%A4%A' },
    400,
    'the token in the path is not valid percent-encoding',
  ],
  [
    'POST with no token header',
    { method: 'POST', path: '/rest/chat/client/id/' },
    400,
    'POST needs the token in a "token" header: POST /rest/chat/client/id/',
  ],
  [
    'PUT',
    { method: 'PUT', path: '/rest/chat/client/id/x' },
    405,
    'use GET /rest/chat/client/id/{token} or POST /rest/chat/client/id/',
  ],
  [
    'an unknown path',
    { path: '/rest/chat/client/other' },
    404,
    'no such path; the protocol paths are GET /rest/chat/client/id/{token} and POST /rest/chat/client/id/',
  ],
])('%s gets a clean JSON error, no stack trace', async (_what, options, status, text) => {
  const res = await raw(options);
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(res.body).errorText).toBe(text);
});

test('the Express app mounts the same handler: identical bytes to the fast path', async () => {
  for (const token of ODD_TOKENS) {
    const viaExpress = await request(t.sim.app).get(`/rest/chat/client/id/${encodeURIComponent(token)}`);
    const viaServer = await getClient(t.url, token);
    expect(viaExpress.status).toBe(viaServer.status);
    expect(viaExpress.headers['content-type']).toBe(viaServer.contentType);
    expect(viaExpress.text).toBe(viaServer.text);
  }
});
