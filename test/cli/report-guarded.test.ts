import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { runCliAsync, type CliRun } from '../helpers/run-cli-async';
import { startCli, type CliProcess } from '../helpers/spawn-cli';
import { getClient } from '../helpers/test-simulator';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

const SECRET = 'tr0ub4dor-and-3';
const QA = `tokens:
  alice:
    client: { id: "1", name: Alice Aa, surname: Aa, firstname: Alice, type: "0", enabled: true }
    expect: { calls: 1 }
`;

let dir: TempDir;
let cli: CliProcess;
let admin: string;
const runs: CliRun[] = [];

/** Runs `auth-sim report` and keeps what it printed, for the check that the secret never shows. */
async function report(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const run = await runCliAsync(['report', ...args], { cwd: dir.path, env });
  runs.push(run);
  return run;
}

beforeAll(async () => {
  dir = makeTempDir();
  dir.write('qa.yaml', QA);
  // A host other than loopback: every admin read but health needs the token, as in the container.
  cli = await startCli(['--host', '0.0.0.0', '--port', '0', '-s', 'qa.yaml', '--no-watch'], {
    cwd: dir.path,
    env: { AUTH_SIM_ADMIN_TOKEN: SECRET },
  });
  const port = new URL(cli.url).port;
  admin = `http://127.0.0.1:${port}/__admin`;
  await getClient(`http://127.0.0.1:${port}`, 'alice');
});
afterAll(async () => {
  await cli.stop();
  dir.remove();
});

test('without the token: exit 2, saying the admin token is needed and how to give it', async () => {
  const run = await report([admin]);
  expect(run.status).toBe(2);
  expect(run.stderr).toBe(
    `auth-sim: ${admin}/report needs the admin token (401): give it with --admin-token <secret> or the AUTH_SIM_ADMIN_TOKEN environment variable\n`,
  );
  expect(run.stdout).toBe('');
});

test('a wrong token: exit 2, saying it was refused', async () => {
  const run = await report([admin, '--admin-token', 'not-it']);
  expect(run.status).toBe(2);
  expect(run.stderr).toBe(
    `auth-sim: ${admin}/report refused the admin token given (401): give the one the server was started with, by --admin-token <secret> or AUTH_SIM_ADMIN_TOKEN\n`,
  );
});

test('--admin-token: the verdict printed and the JUnit file written, exit 0', async () => {
  const run = await report([admin, '--admin-token', SECRET, '--junit', 'out/verdict.xml']);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout.split('\n')[0]).toBe('## auth-sim caller report: PASS');
  const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
    readFileSync(`${dir.path}/out/verdict.xml`, 'utf8'),
  );
  expect(xml.testsuites.testsuite.testcase[0]).toMatchObject({ name: 'alice: calls', classname: 'auth-sim.caller' });
});

test('AUTH_SIM_ADMIN_TOKEN: the same, JSON on request', async () => {
  const run = await report([admin, '--json'], { AUTH_SIM_ADMIN_TOKEN: SECRET });
  expect(run.status).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ verdict: 'pass', tokens: { alice: { calls: 1 } } });
});

test('a token no header can carry: exit 2, and the token is not quoted', async () => {
  const run = await report([admin], { AUTH_SIM_ADMIN_TOKEN: `${SECRET}\nX-Other: 1` });
  expect(run.status).toBe(2);
  expect(run.stderr).toBe(
    'auth-sim: the admin token holds a character an HTTP header cannot carry (a line break, a control or non-ASCII character)\n',
  );
});

test("the start banner's curl works as printed, with the header naming the variable, not the secret", async () => {
  const line = cli
    .stdout()
    .split('\n')
    .find((l) => l.startsWith('auth-sim: admin API on '));
  const curl = /try: (curl .*)\)$/.exec(line ?? '')?.[1];
  expect(curl).toBe(`curl -H "authorization: Bearer $AUTH_SIM_ADMIN_TOKEN" ${cli.url}/__admin/requests`);
  const { stdout } = await promisify(execFile)('sh', ['-c', `${curl} --silent --fail --max-time 5`], {
    env: { ...process.env, AUTH_SIM_ADMIN_TOKEN: SECRET },
  });
  expect(JSON.parse(stdout)).toMatchObject({ requests: [{ token: 'alice' }] });
});

test('the secret is in no output: not the reports, not the server', () => {
  expect(runs.length).toBeGreaterThanOrEqual(5);
  for (const run of [...runs, { stdout: cli.stdout(), stderr: cli.stderr() }]) {
    expect(run.stdout).not.toContain(SECRET);
    expect(run.stderr).not.toContain(SECRET);
  }
});

test('an answer past --max-report-size: not read beyond the cap, exit 2 with the reason', async () => {
  let sent = 0;
  let hungUpEarly = false;
  // Junk without end (bounded at 20 s): the report must stop reading and hang up, not hold it all.
  const junk: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const stopAt = Date.now() + 20_000;
    const pump = () => {
      while (!res.destroyed && Date.now() < stopAt && res.write(chunk)) sent += chunk.length;
      if (res.destroyed || Date.now() >= stopAt) return void res.end();
      res.once('drain', pump);
    };
    req.socket.once('close', () => {
      hungUpEarly = Date.now() < stopAt;
      res.destroy();
    });
    pump();
  });
  await new Promise<void>((resolve) => junk.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(junk.address() as AddressInfo).port}/__admin`;
  try {
    const run = await report([url, '--max-report-size', '1mb']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `auth-sim: ${url}/report answered more than 1048576 bytes (--max-report-size); not read: start the server with a smaller --report-tokens, or raise --max-report-size\n`,
    );
    expect(hungUpEarly).toBe(true);
    // What the server got out before the client hung up: the cap and what the socket buffers held, not the stream.
    expect(sent).toBeLessThan(32 * 1024 * 1024);
  } finally {
    junk.closeAllConnections();
    await new Promise((resolve) => junk.close(resolve));
  }
});
