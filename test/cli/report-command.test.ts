import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { runCliAsync } from '../helpers/run-cli-async';
import { startCli } from '../helpers/spawn-cli';
import { startTestSimulator, getClient, type TestSimulator } from '../helpers/test-simulator';
import { makeTempDir } from '../helpers/temp-dir';

const QA = `tokens:
  alice:
    client: { id: "1", name: Alice Aa, surname: Aa, firstname: Alice, type: "0", enabled: true }
    expect: { calls: 1 }
`;

let sim: TestSimulator;
beforeEach(async () => {
  sim = await startTestSimulator({ 'qa.yaml': QA }, { watch: false });
});
afterEach(() => sim.close());

test('a passing verdict: the Markdown printed, exit 0; --json prints the JSON', async () => {
  await getClient(sim.url, 'alice');
  const run = await runCliAsync(['report', `${sim.url}/__admin`]);
  expect(run.status).toBe(0);
  expect(run.stdout.split('\n')[0]).toBe('## auth-sim caller report: PASS');
  expect(run.stdout).toContain(`| ✅ | \`alice\` | calls | 1 | \`1\` | \`${sim.dir.path}/qa.yaml:4:15\` |`);
  const json = await runCliAsync(['report', `${sim.url}/__admin/`, '--json']);
  expect(json.status).toBe(0);
  expect(JSON.parse(json.stdout)).toMatchObject({ verdict: 'pass', tokens: { alice: { calls: 1 } } });
});

test('a failing verdict: exit 1, --junit writes the JUnit file and --html the Caller view page', async () => {
  await getClient(sim.url, 'alice');
  await getClient(sim.url, 'alice');
  const dir = makeTempDir();
  try {
    const run = await runCliAsync(
      ['report', `${sim.url}/__admin`, '--junit', 'verdict.xml', '--html', 'verdict.html'],
      { cwd: dir.path },
    );
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n')[0]).toBe('## auth-sim caller report: FAIL');
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      readFileSync(`${dir.path}/verdict.xml`, 'utf8'),
    );
    expect(xml.testsuites.testsuite.testcase[0].failure.message).toBe(
      `${sim.dir.path}/qa.yaml:4:15 token "alice": calls expected 1, seen 2`,
    );
    const page = readFileSync(`${dir.path}/verdict.html`, 'utf8');
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<div class="cv-row" data-token="alice" data-verdict="fail">');
    expect(page).toContain(
      `<li data-test="failure"><span class="cv-where">${sim.dir.path}/qa.yaml:4:15</span> calls expected 1, seen 2</li>`,
    );
  } finally {
    dir.remove();
  }
});

test('a server that is not auth-sim: said so, exit 2', async () => {
  const other: Server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hi</h1>'),
  );
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}/__admin`;
  try {
    const run = await runCliAsync(['report', url]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `auth-sim: ${url}/report did not answer as an auth-sim admin API (GET /report); is this auth-sim's admin URL, e.g. http://127.0.0.1:8080/__admin?\n`,
    );
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});

test('nothing listening: said so, exit 2; no URL at all: usage, exit 2', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const run = await runCliAsync(['report', `http://127.0.0.1:${port}/__admin`]);
  expect(run.status).toBe(2);
  expect(run.stderr).toBe(
    `auth-sim: cannot reach http://127.0.0.1:${port}: ECONNREFUSED; is auth-sim running there?\n`,
  );
  const bare = await runCliAsync(['report']);
  expect(bare.status).toBe(2);
  expect(bare.stderr).toContain("error: missing required argument 'admin-url'");
});

test('serve prints the summary when stopped if anything is expected, and stays quiet otherwise', async () => {
  const cli = await startCli(['--port', '0', '-s', sim.dir.path, '--no-watch']);
  await getClient(cli.url, 'alice');
  await getClient(cli.url, 'alice');
  expect(await cli.stop()).toBe(0);
  expect(cli.stderr()).toContain(
    'auth-sim: caller report: FAIL: 2 request(s) for 1 token(s) on 2 connection(s); 0 for unknown tokens, 0 token(s) never requested\n' +
      `auth-sim:   ${sim.dir.path}/qa.yaml:4:15 token "alice": calls expected 1, seen 2\n`,
  );
  const dir = makeTempDir();
  try {
    dir.write('plain.yaml', 'tokens:\n  bob: { status: 404 }\n');
    const quiet = await startCli(['--port', '0', '-s', dir.path, '--no-watch']);
    await getClient(quiet.url, 'bob');
    expect(await quiet.stop()).toBe(0);
    expect(quiet.stdout() + quiet.stderr()).not.toContain('caller report');
    const asked = await startCli(['--port', '0', '-s', dir.path, '--no-watch', '--report']);
    await getClient(asked.url, 'bob');
    expect(await asked.stop()).toBe(0);
    expect(asked.stdout()).toContain(
      'auth-sim: caller report: PASS: 1 request(s) for 1 token(s) on 1 connection(s); 0 for unknown tokens, 0 token(s) never requested\n',
    );
  } finally {
    dir.remove();
  }
});
