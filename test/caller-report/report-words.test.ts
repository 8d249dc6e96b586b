import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { startTestSimulator, getClient, type TestSimulator } from '../helpers/test-simulator';
import { callWithRetries, constant } from '../helpers/retrying-caller';
import { runCliAsync } from '../helpers/run-cli-async';
import { makeTempDir } from '../helpers/temp-dir';
import type { JudgedReport } from '../../src/caller-report/judge-report';

let sim: TestSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function report(): Promise<JudgedReport> {
  const res = await fetch(`${sim!.url}/__admin/report`);
  expect(res.status).toBe(200);
  return (await res.json()) as JudgedReport;
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

/** The JUnit testcases, parsed back. */
async function junitCases(): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${sim!.url}/__admin/report?format=junit`);
  const suite = xml.parse(await res.text()).testsuites.testsuite;
  return ([] as Record<string, unknown>[]).concat(suite.testcase);
}

test('an unknown-token failure names the tokens, the most requested first, ten then "and N more", in every format', async () => {
  sim = await startTestSimulator({ 'qa.yaml': 'expect: { unknownTokens: 0 }\ntokens:\n  alice: { status: 503 }\n' });
  const asked = ['twice', 'twice', ...Array.from({ length: 11 }, (_, i) => `u${String(i).padStart(2, '0')}`)];
  for (const token of asked) await getClient(sim.url, token);
  await getClient(sim.url, 'alice');
  const file = `${sim.dir.path}/qa.yaml`;
  const line = `${file}:1:11 the run: unknownTokens expected 0, seen 13 ("twice", "u00", "u01", "u02", "u03", "u04", "u05", "u06", "u07", "u08" and 2 more)`;
  expect((await report()).failures).toEqual([line]);
  const failed = (await junitCases()).filter((c) => c.failure !== undefined);
  expect(failed).toEqual([
    expect.objectContaining({
      name: 'run: unknownTokens',
      failure: { message: line, type: 'unknownTokens', '#text': line },
    }),
  ]);
  const markdown = await (await fetch(`${sim.url}/__admin/report?format=markdown`)).text();
  expect(markdown).toContain(
    `| ❌ | (run) | unknownTokens | 0 | \`13 ("twice", "u00", "u01", "u02", "u03", "u04", "u05", "u06", "u07", "u08" and 2 more)\` | \`${file}:1:11\` |`,
  );
});

test('a flag and a default say so in a sentence, the default with how to change it, as docs/caller-report.md shows', async () => {
  sim = await startTestSimulator(
    { 'qa.yaml': 'tokens:\n  alice: { status: 503 }\n  carol: { status: 503 }\n' },
    { watch: false, expectNoUnknown: true },
  );
  for (const token of ['alice', 'alise', 'bob']) await getClient(sim.url, token);
  const body = await report();
  const failure = 'the run: unknownTokens expected 0 by --expect-no-unknown, seen 2 ("alise", "bob")';
  const warning =
    'the run: unusedTokens expected none by default, seen 1 ("carol"); write expect: { unusedTokens: ignore } at the top of a file to allow it, or fail to fail on it';
  expect(body.failures).toEqual([failure]);
  expect(body.warnings).toEqual([warning]);
  const docs = readFileSync(path.join(__dirname, '..', '..', 'docs', 'caller-report.md'), 'utf8').split('\n');
  expect(docs).toEqual(expect.arrayContaining([failure, warning]));
});

test('a gap failure lists ten of the gaps outside, then how many more', async () => {
  sim = await startTestSimulator({
    'qa.yaml': 'tokens:\n  flaky:\n    status: 503\n    expect: { gap: { atLeast: 1s } }\n',
  });
  await callWithRetries(sim.url, 'flaky', { attempts: 13, backoffMs: constant(0), timeoutMs: 2000 });
  const [failure] = (await report()).failures;
  expect(failure).toMatch(
    new RegExp(
      `^${sim.dir.path}/qa\\.yaml:4:15 token "flaky": gap expected every one at least 1 s, seen (\\d+ ms, ){9}\\d+ ms and 2 more \\(of 12\\)$`,
    ),
  );
});

test('JUnit test cases carry time, file and line; the suite its span', async () => {
  sim = await startTestSimulator(
    { 'qa.yaml': 'tokens:\n  alice:\n    status: 503\n    expect: { calls: 1 }\n' },
    { watch: false, expectAllUsed: true },
  );
  await getClient(sim.url, 'alice');
  const res = await fetch(`${sim.url}/__admin/report?format=junit`);
  const suite = xml.parse(await res.text()).testsuites.testsuite;
  expect(Number(suite.time)).toBeGreaterThan(0);
  expect(suite.time).toMatch(/^\d+\.\d{3}$/);
  expect(suite.testcase).toEqual([
    { classname: 'auth-sim.caller', name: 'alice: calls', time: '0', file: `${sim.dir.path}/qa.yaml`, line: '4' },
    { classname: 'auth-sim.caller', name: 'run: unusedTokens', time: '0' },
    { classname: 'auth-sim.caller', name: 'run: unknownTokens', time: '0' },
  ]);
});

test('atLeast above atMost is a placed problem for every range', async () => {
  const dir = makeTempDir();
  try {
    dir.write(
      'qa.yaml',
      `expect:
  unknownTokens: { atLeast: 2, atMost: 1 }
  abandonedAfter: { atLeast: 2s, atMost: 500ms }
tokens:
  alice:
    status: 503
    expect:
      calls: { atLeast: 3, atMost: 1 }
      retries: { atLeast: 5, atMost: 4 }
      callsAfterCard: { atLeast: 1, atMost: 0 }
      gap: { atLeast: 1s, atMost: 999 }
      abandonedAfter: { atLeast: 100ms, atMost: 100ms }
`,
    );
    const result = await runCliAsync(['validate', 'qa.yaml'], { cwd: dir.path });
    expect(result.status).toBe(1);
    const why = 'so this expectation could never pass; swap them, or fix the one that is wrong';
    expect(result.stderr.split('\n').filter((l) => l.includes('qa.yaml:'))).toEqual([
      `auth-sim: qa.yaml:2:20 expect.unknownTokens.atLeast (2) is greater than atMost (1), ${why}`,
      `auth-sim: qa.yaml:3:21 expect.abandonedAfter.atLeast (2s) is greater than atMost (500ms), ${why}`,
      `auth-sim: qa.yaml:8:16 tokens.alice.expect.calls.atLeast (3) is greater than atMost (1), ${why}`,
      `auth-sim: qa.yaml:9:18 tokens.alice.expect.retries.atLeast (5) is greater than atMost (4), ${why}`,
      `auth-sim: qa.yaml:10:25 tokens.alice.expect.callsAfterCard.atLeast (1) is greater than atMost (0), ${why}`,
      `auth-sim: qa.yaml:11:14 tokens.alice.expect.gap.atLeast (1s) is greater than atMost (999), ${why}`,
    ]);
  } finally {
    dir.remove();
  }
});
