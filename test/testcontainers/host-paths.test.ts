import type { JudgedReport } from '../../src/caller-report/judge-report';
import { withHostPaths } from '../../src/testcontainers/host-paths';
import { getClient, startTestSimulator, type TestSimulator } from '../helpers/test-simulator';

const QA = `expect: { unusedTokens: warn }
tokens:
  alice:
    client: { id: "1", name: Alice Aa, surname: Aa, firstname: Alice, type: "0", enabled: true }
    expect: { calls: 2 }
  bob: { status: 404 }
`;

let sim: TestSimulator;
beforeEach(async () => {
  sim = await startTestSimulator({ 'qa.yaml': QA }, { watch: false });
});
afterEach(() => sim.close());

test('places in the mounted folder name the host file, in expectations, failures and warnings alike', async () => {
  await getClient(sim.url, 'alice');
  // The served folder stands in for the container's /scenarios: the report names it as the server read it.
  const served = (await (await fetch(`${sim.url}/__admin/report`)).json()) as JudgedReport;
  expect(served.failures).toEqual([`${sim.dir.path}/qa.yaml:5:15 token "alice": calls expected 2, seen 1`]);
  const mapped = withHostPaths(served, sim.dir.path, '/home/me/project/qa');
  expect(mapped.failures).toEqual(['/home/me/project/qa/qa.yaml:5:15 token "alice": calls expected 2, seen 1']);
  expect(mapped.warnings).toEqual([served.warnings[0].replace(sim.dir.path, '/home/me/project/qa')]);
  expect(mapped.warnings[0]).toMatch(/^\/home\/me\/project\/qa\/qa\.yaml:1:\d+ /);
  expect(mapped.expectations.map((e) => e.where)).toEqual(
    served.expectations.map((e) => e.where.replace(sim.dir.path, '/home/me/project/qa')),
  );
  expect(mapped.tokens).toBe(served.tokens);
});

test('a place outside the folder (a flag, a default) is left as it is', async () => {
  const served = (await (await fetch(`${sim.url}/__admin/report`)).json()) as JudgedReport;
  expect(withHostPaths(served, '/scenarios', '/home/me/qa').expectations).toEqual(served.expectations);
});
