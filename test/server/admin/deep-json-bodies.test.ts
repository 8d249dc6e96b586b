import { startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

const ALICE =
  'tokens:\n  alice:\n    client: { id: "1", name: A, surname: A, firstname: A, type: "1", enabled: true }\n';
/** 20,000 levels: far past any entry, and past what a recursive walk of it survives. */
const DEPTH = 20_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

let sim: TestSimulator;
beforeAll(async () => (sim = await startTestSimulator({ 'a.yaml': ALICE }, { onInternalError: () => undefined })));
afterAll(() => sim.close());

/** Every admin route that reads a JSON body, with the nesting placed where each reads it. */
const ROUTES: readonly (readonly [method: string, path: string, body: (deep: string) => string])[] = [
  ['POST', '/__admin/outage', (deep) => `{"status": 503, "headers": ${deep}}`],
  ['POST', '/__admin/outage', (deep) => deep],
  ['PUT', '/__admin/tokens/deep', (deep) => `{"status": 200, "client": ${deep}}`],
  ['POST', '/__admin/sessions', (deep) => `{"tokens": ${deep}}`],
  ['POST', '/__admin/mcp', (deep) => `{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ${deep}}`],
];

test.each(
  ROUTES.flatMap(([method, path, body]) => [
    [method, path, 'arrays', body(deepArray)],
    [method, path, 'objects', body(deepObject)],
  ]),
)('%s %s with JSON %s 20,000 deep is a 400 naming the nesting', async (method, path, _kind, body) => {
  const res = await fetch(`${sim.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body });
  const answer = (await res.json()) as { error: string };
  expect([res.status, answer.error]).toEqual([
    400,
    'the body is nested more than 100 levels deep (objects and arrays inside each other); an admin body needs a handful',
  ]);
  // The simulator still answers, and no outage or token came of it.
  expect((await fetch(`${sim.url}/rest/chat/client/id/alice`)).status).toBe(200);
  expect(((await (await fetch(`${sim.url}/__admin/outage`)).json()) as { active: boolean }).active).toBe(false);
});

test('a body nested 50 deep is still read and judged on what it says', async () => {
  const res = await fetch(`${sim.url}/__admin/outage`, {
    method: 'POST',
    body: `{"status": 503, "headers": ${'['.repeat(49)}${']'.repeat(49)}}`,
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: string }).error).toMatch(/^the outage was not started: .*headers/);
});
