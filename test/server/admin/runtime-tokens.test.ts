import { adminCall, jsonBody } from '../../helpers/admin-client';
import { getClient, postClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const FILE = `
tokens:
  alice:
    client: { id: 1, name: Alice A, surname: A, firstname: Alice, type: "0", enabled: true }
`;

let t: TestSimulator;
beforeEach(async () => {
  t = await startTestSimulator({ 'a.yaml': FILE });
});
afterEach(() => t.close());

const CARD = { client: { id: 7, name: 'Bob B', surname: 'B', firstname: 'Bob', type: '1', enabled: false } };
const BOB_WIRE = '{"client":{"id":"7","name":"Bob B","surname":"B","firstname":"Bob","type":"1","enabled":"false"}}';

test('PUT with a JSON entry adds a token that both endpoints then serve', async () => {
  const put = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', jsonBody(CARD));
  expect(put.status).toBe(201);
  expect(put.body).toEqual({ token: 'bob', replaced: false, warnings: [] });
  expect((await getClient(t.url, 'bob')).text).toBe(BOB_WIRE);
  expect((await postClient(t.url, 'bob')).text).toBe(BOB_WIRE);
});

test('PUT with a YAML entry works too, and a second PUT replaces the first', async () => {
  const yaml = { body: 'status: 503\nbody: none\n', headers: { 'content-type': 'application/yaml' } };
  expect((await adminCall(t.url, 'PUT', '/__admin/tokens/bob', jsonBody(CARD))).status).toBe(201);
  const again = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', yaml);
  expect(again.status).toBe(200);
  expect(again.body.replaced).toBe(true);
  const res = await getClient(t.url, 'bob');
  expect(res.status).toBe(503);
  expect(res.bytes.length).toBe(0);
});

test('a runtime token sits on top of a file token of the same name', async () => {
  await adminCall(
    t.url,
    'PUT',
    '/__admin/tokens/alice',
    jsonBody({ status: 401, errorCode: 'TOKEN_EXPIRED', errorText: 'expired' }),
  );
  const res = await getClient(t.url, 'alice');
  expect(res.status).toBe(401);
  expect(res.text).toBe('{"errorCode":"TOKEN_EXPIRED","errorText":"expired"}');
});

test('tokens with slashes, spaces and Cyrillic go through the path percent-encoded', async () => {
  const token = 'a/b c+Ж=';
  const put = await adminCall(t.url, 'PUT', `/__admin/tokens/${encodeURIComponent(token)}`, jsonBody({ status: 418 }));
  expect(put.status).toBe(201);
  expect(put.body.token).toBe(token);
  expect((await getClient(t.url, token)).status).toBe(418);
});

describe('bad entries get a 400 naming the problem, and nothing is applied', () => {
  beforeEach(async () => {
    expect((await adminCall(t.url, 'PUT', '/__admin/tokens/bob', jsonBody(CARD))).status).toBe(201);
  });
  afterEach(async () => {
    expect((await getClient(t.url, 'bob')).text).toBe(BOB_WIRE);
  });

  test('JSON that does not parse', async () => {
    const res = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', {
      body: '{"status": 503,',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^the body is not valid JSON: /);
  });

  test('YAML that does not parse', async () => {
    const res = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', {
      body: 'status: [503\n',
      headers: { 'content-type': 'application/yaml' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(
      /^the entry for token "bob" was not applied: PUT \/__admin\/tokens\/bob:\d+:\d+ YAML: /,
    );
  });

  test('an unknown field, named with a suggestion and its place', async () => {
    const res = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', {
      body: 'statsu: 503\n',
      headers: { 'content-type': 'application/yaml' },
    });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      {
        file: 'PUT /__admin/tokens/bob',
        line: 1,
        column: 1,
        severity: 'error',
        path: 'statsu',
        message: 'statsu is not a scenario entry field; did you mean "status"?',
      },
    ]);
  });

  test('a misspelt Client field deep inside the card, in JSON', async () => {
    const card = { client: { ...CARD.client, surnmae: 'B' } };
    const res = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', jsonBody(card));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('client.surnmae is not a Client field; did you mean "surname"?');
  });

  test('a value of the wrong type', async () => {
    const res = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', jsonBody({ status: 'teapot' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(
      'status must be an HTTP status from 200 to 599 (1xx are interim: the client would wait for an answer that never comes); got "teapot"',
    );
  });

  test('an empty body', async () => {
    const res = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', { body: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('the entry is empty');
  });
});

test('DELETE removes a runtime token, and the file entry answers again', async () => {
  await adminCall(t.url, 'PUT', '/__admin/tokens/alice', jsonBody({ status: 500 }));
  const del = await adminCall(t.url, 'DELETE', '/__admin/tokens/alice');
  expect(del.status).toBe(200);
  expect(del.body).toEqual({ token: 'alice', removed: true });
  expect((await getClient(t.url, 'alice')).status).toBe(200);
});

test('DELETE of a token that only a file defines is a 404 saying where it comes from', async () => {
  const del = await adminCall(t.url, 'DELETE', '/__admin/tokens/alice');
  expect(del.status).toBe(404);
  expect(del.body.error).toMatch(
    /^cannot remove token "alice": it comes from .*a\.yaml:3, and only runtime tokens can be removed$/,
  );
  const none = await adminCall(t.url, 'DELETE', '/__admin/tokens/nobody');
  expect(none.status).toBe(404);
  expect(none.body.error).toBe('cannot remove token "nobody": there is no runtime token by that name');
});

test('runtime tokens survive a reload of the files', async () => {
  await adminCall(t.url, 'PUT', '/__admin/tokens/bob', jsonBody(CARD));
  t.dir.write('a.yaml', FILE.replace('Alice A', 'Alice Reloaded'));
  const outcome = await t.sim.store.reload();
  expect(outcome.ok).toBe(true);
  expect((await getClient(t.url, 'alice')).text).toContain('"name":"Alice Reloaded"');
  expect((await getClient(t.url, 'bob')).text).toBe(BOB_WIRE);
  const scenarios = await adminCall(t.url, 'GET', '/__admin/scenarios');
  expect(scenarios.body.runtimeTokens).toEqual(['bob']);
});

test('a runtime entry gets the load-time rules of file entries, placed in the text sent', async () => {
  const body = 'status: 500\nsequence:\n  - { status: 503 }\n';
  const res = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', {
    body,
    headers: { 'content-type': 'application/yaml' },
  });
  expect(res.status).toBe(400);
  expect(res.body.problems).toEqual([
    expect.objectContaining({ line: 1, column: 1, path: 'tokens.bob.status', severity: 'error' }),
  ]);
  expect((res.body.problems as { message: string }[])[0].message).toMatch(/sits beside a sequence/);
});

test('a runtime sequence answers its steps in turn', async () => {
  const body = 'sequence:\n  - { status: 503, body: none }\n  - { status: 204, body: none }\n';
  expect((await adminCall(t.url, 'PUT', '/__admin/tokens/bob', { body })).status).toBe(201);
  expect((await getClient(t.url, 'bob')).status).toBe(503);
  expect((await getClient(t.url, 'bob')).status).toBe(204);
});

test('the journal says a runtime token was answered by the admin entry', async () => {
  await adminCall(t.url, 'PUT', '/__admin/tokens/bob', jsonBody(CARD));
  await getClient(t.url, 'bob');
  const [entry] = (await adminCall(t.url, 'GET', '/__admin/requests?token=bob')).body.requests as Record<
    string,
    unknown
  >[];
  expect(entry).toMatchObject({ token: 'bob', status: 200, matched: 'admin', entry: '(admin)' });
});
