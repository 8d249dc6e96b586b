import { existsSync, lstatSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { runCliAsync } from '../helpers/run-cli-async';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { startRun } from '../helpers/start-run';

const QA = `tokens:
  alice: { client: { id: "1", name: Alice Aa, surname: Aa, firstname: Alice, type: "0", enabled: true }, expect: { calls: 1 } }
`;

/** A command that asks for alice once and exits 0. */
const ASK_ALICE = [
  process.execPath,
  '-e',
  "fetch(process.env.AUTH_SIM_URL + '/rest/chat/client/id/alice').then(() => console.log('command done'))",
];

const parseXml = (text: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text);

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir();
  dir.write('qa.yaml', QA);
});
afterEach(() => dir.remove());

test('a report file in folders that do not exist yet: they are made, the file written, exit 0', async () => {
  const run = await runCliAsync(
    ['run', '-s', 'qa.yaml', '--report-file', 'reports/ci/auth-sim.xml', '--', ...ASK_ALICE],
    {
      cwd: dir.path,
    },
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const xml = parseXml(readFileSync(`${dir.path}/reports/ci/auth-sim.xml`, 'utf8'));
  expect(xml.testsuites.testsuite.testcase[0]).toMatchObject({ name: 'alice: calls', file: 'qa.yaml' });
  expect(readdirSync(`${dir.path}/reports/ci`)).toEqual(['auth-sim.xml']);
});

test('scenarios that do not load: the command is not run, exit 2, and the JUnit file holds each problem with its file and line', async () => {
  dir.write('qa.yaml', 'tokens:\n  alice: { statsu: 200 }\n  bob:\n    status: 999\n');
  const ran = `${dir.path}/ran`;
  const run = await runCliAsync(
    [
      'run',
      '-s',
      'qa.yaml',
      '--report-file',
      'reports/r.xml',
      '--',
      process.execPath,
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(ran)}, '')`,
    ],
    { cwd: dir.path },
  );
  const alice = 'qa.yaml:2:12 tokens.alice.statsu is not a scenario entry field; did you mean "status"?';
  const bob =
    'qa.yaml:4:13 tokens.bob.status must be an HTTP status from 200 to 599 (1xx are interim: the client would wait for an answer that never comes); got 999';
  expect(run.status).toBe(2);
  expect(run.stderr).toBe(
    `auth-sim: ${alice}\nauth-sim: ${bob}\nauth-sim: not started\nauth-sim: the command was not run\n`,
  );
  expect(existsSync(ran)).toBe(false);
  const xml = parseXml(readFileSync(`${dir.path}/reports/r.xml`, 'utf8'));
  expect(xml.testsuites).toMatchObject({ tests: '2', failures: '2' });
  expect(xml.testsuites.testsuite.testcase).toEqual([
    {
      classname: 'auth-sim.scenarios',
      name: 'qa.yaml:2:12',
      file: 'qa.yaml',
      line: '2',
      failure: { '#text': alice, message: alice, type: 'scenario' },
    },
    {
      classname: 'auth-sim.scenarios',
      name: 'qa.yaml:4:13',
      file: 'qa.yaml',
      line: '4',
      failure: { '#text': bob, message: bob, type: 'scenario' },
    },
  ]);
});

test('scenarios that do not load, JSON, Markdown and HTML report files: the same problems', async () => {
  dir.write('qa.yaml', 'tokens:\n  alice: { statsu: 200 }\n');
  const line = 'qa.yaml:2:12 tokens.alice.statsu is not a scenario entry field; did you mean "status"?';
  const json = await runCliAsync(['run', '-s', 'qa.yaml', '--report-file', 'r.json', '--', 'true'], { cwd: dir.path });
  expect(json.status).toBe(2);
  expect(JSON.parse(readFileSync(`${dir.path}/r.json`, 'utf8'))).toEqual({
    verdict: 'fail',
    ran: false,
    reason: 'the scenarios did not load, so the command was not run',
    failures: [line],
    problems: [
      {
        file: 'qa.yaml',
        line: 2,
        column: 12,
        path: 'tokens.alice.statsu',
        message: 'tokens.alice.statsu is not a scenario entry field; did you mean "status"?',
      },
    ],
  });
  const md = await runCliAsync(['run', '-s', 'qa.yaml', '--report-file', 'r.md', '--', 'true'], { cwd: dir.path });
  expect(md.status).toBe(2);
  expect(readFileSync(`${dir.path}/r.md`, 'utf8')).toBe(
    `## auth-sim caller report: NOT RUN\n\nthe scenarios did not load, so the command was not run\n\n\`\`\`text\n${line}\n\`\`\`\n`,
  );
  const html = await runCliAsync(['run', '-s', 'qa.yaml', '--report-file', 'r.html', '--', 'true'], { cwd: dir.path });
  expect(html.status).toBe(2);
  const page = readFileSync(`${dir.path}/r.html`, 'utf8');
  expect(page).toContain('<title>auth-sim caller report: NOT RUN</title>');
  expect(page).toContain(
    '<li data-test="failure"><code>qa.yaml:2:12 tokens.alice.statsu is not a scenario entry field; did you mean &quot;status&quot;?</code></li>',
  );
});

test('a report file that cannot be written: the reason, and exit 2 within 2 s of the command ending', async () => {
  // A regular file where a folder should be: no user, root included, can write beneath it.
  const run = await startRun(['run', '-s', 'qa.yaml', '--report-file', 'qa.yaml/r.xml', '--', ...ASK_ALICE], dir.path);
  const ended = await run.whenPrinted('command done');
  const { code } = await run.exited;
  expect(code).toBe(2);
  expect(Date.now() - ended).toBeLessThan(2000);
  expect(run.stderr()).toMatch(/^auth-sim: cannot write the report file qa\.yaml\/r\.xml: (EEXIST|ENOTDIR): .*$/m);
});

test("the command's own failure code wins over a report file that cannot be written", async () => {
  const run = await runCliAsync(
    ['run', '-s', 'qa.yaml', '--report-file', 'qa.yaml/r.json', '--', process.execPath, '-e', 'process.exit(5)'],
    { cwd: dir.path },
  );
  expect(run.status).toBe(5);
  expect(run.stderr).toMatch(/^auth-sim: cannot write the report file qa\.yaml\/r\.json: /m);
});

test('a symlink at the report path is replaced by the file; its target is left alone', async () => {
  const target = dir.write('precious.txt', 'keep me\n');
  symlinkSync(target, `${dir.path}/r.json`);
  const run = await runCliAsync(['run', '-s', 'qa.yaml', '--report-file', 'r.json', '--', ...ASK_ALICE], {
    cwd: dir.path,
  });
  expect(run.status).toBe(0);
  expect(readFileSync(target, 'utf8')).toBe('keep me\n');
  expect(lstatSync(`${dir.path}/r.json`).isFile()).toBe(true);
  expect(JSON.parse(readFileSync(`${dir.path}/r.json`, 'utf8'))).toMatchObject({ verdict: 'pass' });
  expect(readdirSync(dir.path).sort()).toEqual(['precious.txt', 'qa.yaml', 'r.json']);
});

test('more failures than one screen: the summary points at the report file, not at the stopped server', async () => {
  const tokens = Array.from({ length: 20 }, (_, i) => `  t${i}: { status: 404, expect: { calls: 1 } }`).join('\n');
  dir.write('qa.yaml', `tokens:\n${tokens}\n`);
  const withFile = await runCliAsync(['run', '-s', 'qa.yaml', '--report-file', 'r.md', '--', 'true'], {
    cwd: dir.path,
  });
  expect(withFile.status).toBe(1);
  expect(withFile.stderr).toContain('auth-sim:   ... and 6 more (r.md lists all)\n');
  expect(withFile.stderr).not.toContain('__admin');
  const without = await runCliAsync(['run', '-s', 'qa.yaml', '--', 'true'], { cwd: dir.path });
  expect(without.stderr).toContain('auth-sim:   ... and 6 more (--report-file <path> writes all)\n');
});

test('a scenario file named with control characters: every not-run report carries the name escaped, the XML well-formed', async () => {
  const name = 'q\u001b[31m\u0007\r\n# x\uffff.yaml';
  const shown = 'q\\u001b[31m\\u0007\\u000d\\u000a# x\\uffff.yaml';
  dir.write(name, 'tokens:\n  alice: { statsu: 200 }\n');
  const problem = 'tokens.alice.statsu is not a scenario entry field; did you mean "status"?';
  const written = async (file: string) => {
    const run = await runCliAsync(['run', '-s', name, '--report-file', file, '--', 'true'], { cwd: dir.path });
    expect(run.status).toBe(2);
    return readFileSync(`${dir.path}/${file}`, 'utf8');
  };
  const xml = await written('r.xml');
  expect(XMLValidator.validate(xml)).toBe(true);
  // Characters XML 1.0 forbids (fast-xml-parser's validator lets them by).
  // eslint-disable-next-line no-control-regex -- control characters are what the report must not hold
  expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
  expect(parseXml(xml).testsuites.testsuite.testcase).toEqual({
    classname: 'auth-sim.scenarios',
    name: `${shown}:2:12`,
    file: shown,
    line: '2',
    failure: { '#text': `${shown}:2:12 ${problem}`, message: `${shown}:2:12 ${problem}`, type: 'scenario' },
  });
  expect(await written('r.md')).toBe(
    `## auth-sim caller report: NOT RUN\n\nthe scenarios did not load, so the command was not run\n\n\`\`\`text\n${shown}:2:12 ${problem}\n\`\`\`\n`,
  );
  const json = await written('r.json');
  // eslint-disable-next-line no-control-regex -- control characters are what the report must not hold
  expect(json).not.toMatch(/[\u001b\u0007\r\uffff]/);
  expect(JSON.parse(json)).toMatchObject({ failures: [`${name}:2:12 ${problem}`], problems: [{ file: name }] });
});
