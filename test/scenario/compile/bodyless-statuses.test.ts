import { rawRequest } from '../../helpers/raw-request';
import { startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

/** What the wire carries for a status that never has a body (RFC 9110, 15.3.5 and 15.4.5). */
const FILE = `tokens:
  bare-204: { status: 204 }
  none-204: { status: 204, body: none, headers: { x-trace: t1 } }
  bare-304: { status: 304 }
  stepped:
    sequence:
      - { status: 204 }
      - { status: 401, errorCode: AUTH_FAILED }
`;

let t: TestSimulator;
beforeAll(async () => (t = await startTestSimulator({ 'a.yaml': FILE }, { watch: false })));
afterAll(() => t.close());

test.each([
  ['bare-204', 204, {}],
  ['none-204', 204, { 'x-trace': 't1' }],
  ['bare-304', 304, {}],
])('%s is sent with no body, no Content-Type and no Content-Length', async (token, status, own) => {
  for (const method of ['GET', 'POST'] as const) {
    const res = await rawRequest(t.url, method, token);
    expect([res.ending, res.status, res.body.length]).toEqual(['end', status, 0]);
    const { date: _date, connection: _connection, ...headers } = res.headers;
    expect(headers).toEqual(own);
  }
});

test('a sequence step with status 204 has no body, and the next step has its own', async () => {
  const first = await rawRequest(t.url, 'GET', 'stepped');
  expect([first.status, first.headers['content-length'], first.body.length]).toEqual([204, undefined, 0]);
  const second = await rawRequest(t.url, 'GET', 'stepped');
  expect([second.status, second.headers['content-length'], second.body.toString()]).toEqual([
    401,
    '27',
    '{"errorCode":"AUTH_FAILED"}',
  ]);
});
