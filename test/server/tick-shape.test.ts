import { executionAsyncResource } from 'node:async_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { keptTickEntry } from '../../src/server/keep-tick-shape';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

// Node queues each process.nextTick call as an object literal whose hidden class (map) V8 holds
// only weakly: full collections while nothing is queued replace it, and after a few nextTick's
// inline cache goes megamorphic and every call takes V8's slow path (keep-tick-shape.ts). The
// server keeps one queue entry alive so the class outlives such collections. This file checks it
// with V8's own answer (%HaveSameMap), not with a timing: the same state, read exactly.
v8.setFlagsFromString('--allow-natives-syntax');
v8.setFlagsFromString('--expose-gc');
const fullGc = vm.runInNewContext('gc') as () => void;
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

const FILE = `tokens:
  alice:
    client: { id: 1, name: Alice A, surname: A, firstname: Alice, type: "0", enabled: true }
`;

/** The queue entry of a nextTick call, taken inside its own callback. */
function tickEntry(...args: unknown[]): Promise<object> {
  return new Promise((resolve) => process.nextTick((..._: unknown[]) => resolve(executionAsyncResource()), ...args));
}

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ 'a.yaml': FILE });
});
afterAll(() => t.close());

test('a started server keeps a nextTick queue entry alive', async () => {
  const kept = keptTickEntry();
  expect(kept).toBeDefined();
  // Its own keys are Node's: the callback, its arguments and two async-id symbols, plus Node's
  // kResourceStore once any AsyncLocalStorage is on in the process (a jest worker that ran the
  // dashboard's playwright-core tests first): every entry then has it, so the class still matches.
  expect(Object.keys(kept!)).toEqual(['callback', 'args']);
  expect(Object.getOwnPropertySymbols(kept!).filter((s) => s.description !== 'kResourceStore')).toHaveLength(2);
  expect(haveSameMap(await tickEntry(), kept!)).toBe(true);
});

test('the queue entries keep their class through full collections with nothing queued', async () => {
  for (let round = 0; round < 6; round++) {
    expect((await getClient(t.url, 'alice')).status).toBe(200);
    // Let every queued entry run, so none but the kept one is alive when the collection runs.
    await new Promise((resolve) => setTimeout(resolve, 5));
    fullGc();
  }
  expect(haveSameMap(await tickEntry(), keptTickEntry()!)).toBe(true);
  expect(haveSameMap(await tickEntry(1, 2), keptTickEntry()!)).toBe(true);
  expect((await getClient(t.url, 'alice')).status).toBe(200);
});
