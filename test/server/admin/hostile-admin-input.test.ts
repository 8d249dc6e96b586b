import { adminCall } from '../../helpers/admin-client';
import { startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

let t: TestSimulator;
const reported: string[] = [];
beforeAll(async () => {
  t = await startTestSimulator(
    { 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' },
    { onInternalError: (m) => reported.push(m) },
  );
});
afterAll(() => t.close());

test.each([
  ['%FF', "Failed to decode param '%FF'"],
  ['%', "Failed to decode param '%'"],
  ['%C3%28', "Failed to decode param '%C3%28'"],
])('a token path with bad percent-encoding (%s) is a 400 that says so, never a 500', async (bad, decoded) => {
  for (const method of ['GET', 'PUT', 'DELETE']) {
    const res = await adminCall(
      t.url,
      method,
      `/__admin/tokens/${bad}`,
      method === 'PUT' ? { body: 'status: 403' } : {},
    );
    expect([res.status, res.body]).toEqual([
      400,
      { error: `${decoded}: the path is not percent-encoded UTF-8; encode a token with encodeURIComponent` },
    ]);
  }
  expect(reported).toEqual([]);
});

test('a PUT body that is not UTF-8 is refused at its first bad byte, as a file is, and nothing is applied', async () => {
  const body = Buffer.concat([Buffer.from('status: 403\nerrorText: caf'), Buffer.from([0xe9]), Buffer.from('\n')]);
  const res = await fetch(`${t.url}/__admin/tokens/bob`, { method: 'PUT', body });
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({
    error:
      'PUT /__admin/tokens/bob is not UTF-8 text (the byte at offset 26 is not); save it as UTF-8 (for example: iconv -f cp1251 -t utf-8)',
  });
  expect(t.sim.control.runtime.tokens()).toEqual([]);
  const good = await fetch(`${t.url}/__admin/tokens/bob`, { method: 'PUT', body: 'status: 403\nerrorText: café\n' });
  expect(good.status).toBe(201);
});
