import { startTestSimulator, getClient, postClient, type TestSimulator } from '../helpers/test-simulator';

let sim: TestSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const CARD = '{ client: { id: "1", name: A, surname: S, firstname: F, type: "0", enabled: true } }';

/**
 * A token's answers and methods are counted in its tally as they first come (the first of each in
 * the tally itself, the others beside it). The report lists methods in that order and statuses by
 * number (a JSON object's integer keys come first, in order), so the same calls give the same text.
 */
test("the report lists a token's methods in the order they first came, and its statuses by number", async () => {
  sim = await startTestSimulator({
    'qa.yaml': `tokens:\n  flaky:\n    sequence: [ { status: 503 }, { status: 500 }, ${CARD}, { status: 503 } ]\n`,
  });
  expect((await postClient(sim.url, 'flaky')).status).toBe(503);
  expect((await getClient(sim.url, 'flaky')).status).toBe(500);
  expect((await postClient(sim.url, 'flaky')).status).toBe(200);
  expect((await getClient(sim.url, 'flaky')).status).toBe(503);
  const text = await (await fetch(`${sim.url}/__admin/report`)).text();
  expect(text).toContain('"statuses":{"200":1,"500":1,"503":2},"methods":{"POST":2,"GET":2}');
});
