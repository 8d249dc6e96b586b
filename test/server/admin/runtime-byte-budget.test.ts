import { adminCall } from '../../helpers/admin-client';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator(
    { 'a.yaml': 'tokens:\n  alice: { status: 204, body: none }\n' },
    { maxRuntimeBytes: 2048 },
  );
});
afterAll(() => t.close());

const entry = (bytes: number) => `status: 403\nerrorText: ${'x'.repeat(bytes - 24)}\n`;

test('runtime entries share a byte budget: past it a PUT is a 409 that says so; replacing, removing and reset make room', async () => {
  expect((await adminCall(t.url, 'PUT', '/__admin/tokens/a1', { body: entry(1000) })).status).toBe(201);
  expect((await adminCall(t.url, 'PUT', '/__admin/tokens/a2', { body: entry(1000) })).status).toBe(201);
  const over = await adminCall(t.url, 'PUT', '/__admin/tokens/a3', { body: entry(1000) });
  expect(over.status).toBe(409);
  expect(over.body.error).toBe(
    'the entry for token "a3" was not applied: PUT /__admin/tokens/a3:1:1 runtime entries would take 2.9 KB, over the 2 KB all of them may take together; remove some (DELETE) or reset (POST /reset) first',
  );
  expect((await getClient(t.url, 'a3')).status).toBe(404);
  expect((await adminCall(t.url, 'PUT', '/__admin/tokens/a2', { body: entry(500) })).status).toBe(200);
  expect((await adminCall(t.url, 'DELETE', '/__admin/tokens/a1')).status).toBe(200);
  expect((await adminCall(t.url, 'PUT', '/__admin/tokens/a3', { body: entry(1000) })).status).toBe(201);
  expect((await adminCall(t.url, 'POST', '/__admin/reset')).status).toBe(200);
  expect((await adminCall(t.url, 'PUT', '/__admin/tokens/a4', { body: entry(2000) })).status).toBe(201);
});
