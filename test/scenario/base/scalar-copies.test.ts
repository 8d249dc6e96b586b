import v8 from 'node:v8';
import vm from 'node:vm';
import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';

// A full collection on demand: V8's flag set at run time, its function taken from a new context.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const NAME = 'Ivanova Alisa Petrovna';
const CARD = `{ client: { id: "100001", name: ${NAME}, surname: Ivanova, firstname: Alisa, type: "0", enabled: true } }`;
const MB = 1024 ** 2;

/** One card between 12 MB of comments: text that nothing served needs. */
function bigFile(): string {
  const comments = `# ${'x'.repeat(118)}\n`.repeat(50_000);
  return `${comments}tokens:\n  alice: ${CARD}\n${comments}`;
}

let t: TestSimulator | undefined;
afterAll(async () => t?.close());

test("a card read from a 12 MB file keeps none of the file's text alive while it is served", async () => {
  // A first simulator on the card alone loads every module a start needs, so the count is of the data.
  const small = await startTestSimulator({ 'small.yaml': `tokens:\n  alice: ${CARD}\n` }, { watch: false });
  expect((await getClient(small.url, 'alice')).status).toBe(200);
  await small.close();
  gc();
  const before = process.memoryUsage().heapUsed;
  t = await startTestSimulator({ 'big.yaml': bigFile() }, { watch: false });
  const res = await getClient(t.url, 'alice');
  expect(res.status).toBe(200);
  expect((JSON.parse(res.text) as { client: { name: string } }).client.name).toBe(NAME);
  gc();
  // The card's name was a slice of the whole text, which it kept: 12 MB more.
  expect((process.memoryUsage().heapUsed - before) / MB).toBeLessThan(6);
});
