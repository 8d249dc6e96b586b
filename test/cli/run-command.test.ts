import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { runCliAsync } from '../helpers/run-cli-async';
import { startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const QA = `expect: { unusedTokens: fail }
tokens:
  alice: { client: { id: "1", name: Alice Aa, surname: Aa, firstname: Alice, type: "0", enabled: true } }
  bob: { status: 404, errorCode: CLIENT_NOT_FOUND, errorText: gone }
`;

/** A test command: asks for each token named, then exits with `code`. */
function asks(tokens: string[], code = 0): string[] {
  const script = `(async () => { for (const t of ${JSON.stringify(tokens)}) await fetch(process.env.AUTH_SIM_URL + '/rest/chat/client/id/' + t); console.log('admin ' + process.env.AUTH_SIM_ADMIN_URL); process.exit(${code}); })()`;
  return [process.execPath, '-e', script];
}

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir();
  dir.write('qa.yaml', QA);
});
afterEach(() => dir.remove());

test('both pass: exit 0, the command saw the URLs, and the JSON report file reads back', async () => {
  const run = await runCliAsync(['run', '-s', 'qa.yaml', '--report-file', 'r.json', '--', ...asks(['alice', 'bob'])], {
    cwd: dir.path,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/^admin http:\/\/127\.0\.0\.1:\d+\/__admin$/m);
  expect(run.stdout).toMatch(
    /^auth-sim: caller report: PASS: 2 request\(s\) for 2 token\(s\) on \d+ connection\(s\); 0 for unknown tokens, 0 token\(s\) never requested$/m,
  );
  const report = JSON.parse(readFileSync(`${dir.path}/r.json`, 'utf8'));
  expect(report).toMatchObject({ verdict: 'pass', failures: [], caller: { requests: 2 } });
  expect(report.tokens.bob).toMatchObject({ calls: 1, statuses: { '404': 1 } });
});

test('the verdict fails: exit 1, the failure printed and in the JUnit file, parsed as XML', async () => {
  const run = await runCliAsync(['run', '-s', 'qa.yaml', '--report-file', 'r.xml', '--', ...asks(['alice'])], {
    cwd: dir.path,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toBe(
    'auth-sim: caller report: FAIL: 1 request(s) for 1 token(s) on 1 connection(s); 0 for unknown tokens, 1 token(s) never requested\n' +
      'auth-sim:   qa.yaml:1:11 the run: unusedTokens expected none, seen 1 ("bob")\n',
  );
  const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
    readFileSync(`${dir.path}/r.xml`, 'utf8'),
  );
  expect(xml.testsuites.testsuite.testcase).toEqual([
    {
      classname: 'auth-sim.caller',
      name: 'run: unusedTokens',
      time: '0',
      file: 'qa.yaml',
      line: '1',
      failure: {
        '#text': 'qa.yaml:1:11 the run: unusedTokens expected none, seen 1 ("bob")',
        message: 'qa.yaml:1:11 the run: unusedTokens expected none, seen 1 ("bob")',
        type: 'unusedTokens',
      },
    },
    { classname: 'auth-sim.caller', name: 'run: unknownTokens', time: '0' },
  ]);
});

test("the command fails: its own exit code wins over the verdict's, and the Markdown file is written", async () => {
  const run = await runCliAsync(['run', '-s', 'qa.yaml', '--report-file', 'r.md', '--', ...asks(['alice'], 3)], {
    cwd: dir.path,
  });
  expect(run.status).toBe(3);
  expect(readFileSync(`${dir.path}/r.md`, 'utf8').split('\n')[0]).toBe('## auth-sim caller report: FAIL');
});

test("--report-file auth-sim.html writes the Caller view as one page: the unused token and the run's failure in it", async () => {
  const run = await runCliAsync(['run', '-s', 'qa.yaml', '--report-file', 'auth-sim.html', '--', ...asks(['alice'])], {
    cwd: dir.path,
  });
  expect(run.status).toBe(1);
  const page = readFileSync(`${dir.path}/auth-sim.html`, 'utf8');
  expect(page).toMatch(/^<!doctype html>/);
  expect(page).toContain('<title>auth-sim caller report: FAIL</title>');
  expect(page).toContain('<div class="cv-row" data-token="alice" data-verdict="none">');
  expect(page).toContain(
    '<li data-test="failure"><span class="cv-where">qa.yaml:1:11</span> unusedTokens expected none, seen 1 (&quot;bob&quot;)</li>',
  );
  expect(page).toContain('<p data-test="unused">bob</p>');
});

test('a command that cannot start: a clear message and exit 2', async () => {
  const run = await runCliAsync(['run', '-s', 'qa.yaml', '--', 'no-such-command-auth-sim'], { cwd: dir.path });
  expect(run.status).toBe(2);
  expect(run.stderr.split('\n')[0]).toBe(
    'auth-sim: could not start "no-such-command-auth-sim": no such command (ENOENT)',
  );
});

test.each([
  [
    'without --',
    ['run', '-s', 'qa.yaml'],
    'auth-sim: run needs -- before the command to run, e.g. auth-sim run -s qa/ -- npm test',
  ],
  [
    'without a command',
    ['run', '-s', 'qa.yaml', '--'],
    'auth-sim: run needs a command after --, e.g. auth-sim run -s qa/ -- npm test',
  ],
  [
    'with an unknown report file kind',
    ['run', '--report-file', 'r.txt', '--', 'true'],
    'auth-sim: --report-file must end in .xml (JUnit), .json, .md (Markdown) or .html, got "r.txt"',
  ],
  [
    'with --no-report and --report-file',
    ['run', '--no-report', '--report-file', 'r.xml', '--', 'true'],
    'auth-sim: --report-file needs the caller report, which --no-report turns off; give one or the other',
  ],
])('run %s exits 2 with usage', async (_what, args, message) => {
  const run = await runCliAsync(args, { cwd: dir.path });
  expect(run.status).toBe(2);
  expect(run.stderr).toBe(
    `${message}\nauth-sim: usage: auth-sim run [serve options] [--report-file <path>] -- <command...>\n`,
  );
  expect(run.stdout).toBe('');
});

test('SIGTERM is forwarded to the command, whose exit code run takes', async () => {
  const script =
    "process.on('SIGTERM', () => { console.log('command got SIGTERM'); process.exit(7); }); console.log('command ready'); setInterval(() => {}, 1000);";
  const cli = await startCli(['run', '-s', 'qa.yaml', '--', process.execPath, '-e', script], { cwd: dir.path });
  await waitFor(() => cli.stdout().includes('command ready'));
  cli.child.kill('SIGTERM');
  expect(await cli.exited()).toBe(7);
  expect(cli.stdout()).toContain('command got SIGTERM');
});
