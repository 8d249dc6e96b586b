import { getClient, postClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const SCENARIO = `
tokens:
  alice:
    client: { id: 100500, name: Ivanova Alisa Petrovna, surname: Ivanova, firstname: Alisa, type: "0", enabled: true }
  expired:
    status: 401
    errorCode: TOKEN_EXPIRED
    errorText: token expired
  crm-down:
    status: 503
    body: none
  slow:
    delay: 300ms
    client: { id: "7", name: S, surname: S, firstname: S, type: "1", enabled: false }
`;

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ 'a.yaml': SCENARIO });
});
afterAll(() => t.close());

describe('both endpoints answer a token the same way', () => {
  test.each(['alice', 'expired', 'crm-down', 'slow', 'unknown-token'])(
    'GET and POST give identical bytes for %s',
    async (token) => {
      const [byPath, byHeader] = await Promise.all([getClient(t.url, token), postClient(t.url, token)]);
      expect(byHeader.status).toBe(byPath.status);
      expect(byHeader.contentType).toBe(byPath.contentType);
      expect(byHeader.bytes.equals(byPath.bytes)).toBe(true);
    },
  );
});

test('a card goes out with every scalar as a JSON string', async () => {
  const res = await getClient(t.url, 'alice');
  expect(res.status).toBe(200);
  expect(res.contentType).toBe('application/json; charset=utf-8');
  expect(res.text).toBe(
    '{"client":{"id":"100500","name":"Ivanova Alisa Petrovna","surname":"Ivanova","firstname":"Alisa","type":"0","enabled":"true"}}',
  );
});

test('an error entry answers its status and {errorCode, errorText}', async () => {
  const res = await postClient(t.url, 'expired');
  expect(res.status).toBe(401);
  expect(JSON.parse(res.text)).toEqual({ errorCode: 'TOKEN_EXPIRED', errorText: 'token expired' });
});

test('body: none answers the status with no body at all', async () => {
  const res = await getClient(t.url, 'crm-down');
  expect(res.status).toBe(503);
  expect(res.bytes.length).toBe(0);
  expect(res.contentType).toBeNull();
});

test('an unknown token gets the default 404 CLIENT_NOT_FOUND', async () => {
  const res = await getClient(t.url, 'nobody');
  expect(res.status).toBe(404);
  expect(res.text).toBe('{"errorCode":"CLIENT_NOT_FOUND","errorText":"client not found"}');
});

test('a delay holds the answer back without holding up other tokens', async () => {
  const started = Date.now();
  const slow = getClient(t.url, 'slow').then((r) => ({ r, at: Date.now() - started }));
  const fast = await getClient(t.url, 'alice');
  const fastAt = Date.now() - started;
  const { r, at } = await slow;
  expect(fast.status).toBe(200);
  expect(r.status).toBe(200);
  expect(at).toBeGreaterThanOrEqual(290);
  expect(fastAt).toBeLessThan(at);
});
