import { SaxesParser } from 'saxes';
import { XMLParser } from 'fast-xml-parser';
import { startTestSimulator, getClient, type TestSimulator } from '../helpers/test-simulator';
import { adminCall } from '../helpers/admin-client';
import { runCliAsync } from '../helpers/run-cli-async';
import type { JudgedReport } from '../../src/caller-report/judge-report';

/** A token that, printed raw, starts a heading and a link on lines of their own and recolours a terminal. */
const INJECTING = 'evil\r## Injected\r[click](http://evil.example/)\u001b[31mred\u009b2J';
/** How every report format but JSON shows it. */
const SHOWN = 'evil\\u000d## Injected\\u000d[click](http://evil.example/)\\u001b[31mred\\u009b2J';

// eslint-disable-next-line no-control-regex -- the characters a terminal or Markdown must never receive raw
const CONTROLS = /[\r\u001b\u009b]/;

let sim: TestSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function read(format: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${sim!.url}/__admin/report?format=${format}`);
  return { status: res.status, text: await res.text() };
}

/** Every well-formedness error a conforming XML 1.0 parser finds. */
function xmlErrors(text: string): string[] {
  const errors: string[] = [];
  const parser = new SaxesParser();
  parser.on('error', (e) => errors.push(e.message));
  parser.write(text).close();
  return errors;
}

test('a token with a lone CR and escapes is one table cell of the Markdown, shown escaped in a code span', async () => {
  sim = await startTestSimulator({ 'qa.yaml': 'tokens:\n  alice: { status: 503 }\n' });
  expect((await getClient(sim.url, INJECTING)).status).toBe(404);
  const { status, text } = await read('markdown');
  expect(status).toBe(200);
  expect(text).not.toMatch(CONTROLS);
  expect(text.split('\n').filter((line) => !line.startsWith('|') && line !== '')).toEqual([
    '## auth-sim caller report: PASS',
    expect.stringMatching(/^1 request\(s\) on 1 connection\(s\)/),
    '### Tokens',
  ]);
  expect(text).toContain(`| \`${SHOWN}\` (unknown) | 1 | 404×1 | 0 | none |  |  | 0 |`);
});

test('auth-sim report prints no control character to the terminal, in Markdown or JSON', async () => {
  sim = await startTestSimulator({ 'qa.yaml': 'tokens:\n  alice: { status: 503 }\n' });
  await getClient(sim.url, INJECTING);
  const markdown = await runCliAsync(['report', `${sim.url}/__admin`]);
  expect(markdown.status).toBe(0);
  expect(markdown.stdout).not.toMatch(CONTROLS);
  expect(markdown.stdout).toContain(`| \`${SHOWN}\` (unknown) |`);
  const json = await runCliAsync(['report', `${sim.url}/__admin`, '--json']);
  expect(json.status).toBe(0);
  expect(json.stdout).not.toMatch(CONTROLS);
  const body = JSON.parse(json.stdout) as JudgedReport;
  expect(Object.keys(body.tokens)).toEqual([INJECTING]);
});

test('control characters and U+FFFF in a file name and a runtime token leave the JUnit well-formed, shown escaped', async () => {
  const file = 'qa\u0001\uffff.yaml';
  sim = await startTestSimulator({ [file]: 'tokens:\n  alice:\n    status: 503\n    expect: { calls: 2 }\n' });
  const put = await adminCall(sim.url, 'PUT', `/__admin/tokens/${encodeURIComponent('rt\u0002\uffff')}`, {
    body: 'status: 503\n',
    headers: { 'content-type': 'application/yaml' },
  });
  expect(put.status).toBe(201);
  await getClient(sim.url, 'alice');
  const { text } = await read('junit');
  expect(xmlErrors(text)).toEqual([]);
  const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text).testsuites.testsuite;
  const shownFile = `${sim.dir.path}/qa\\u0001\\uffff.yaml`;
  expect(suite.testcase[0]).toEqual({
    classname: 'auth-sim.caller',
    name: 'alice: calls',
    time: '0',
    file: shownFile,
    line: '4',
    failure: {
      message: `${shownFile}:4:15 token "alice": calls expected 2, seen 1`,
      type: 'calls',
      '#text': `${shownFile}:4:15 token "alice": calls expected 2, seen 1`,
    },
  });
  expect(suite.testcase.map((c: { name: string }) => c.name)).toEqual([
    'alice: calls',
    'run: unknownTokens',
    'run: unusedTokens',
  ]);
  expect(suite.testcase[2]['system-out']).toBe(
    'warning: the run: unusedTokens expected none by default, seen 1 ("rt\\u0002\\uffff"); write expect: { unusedTokens: ignore } at the top of a file to allow it, or fail to fail on it',
  );
});

test('tokens named after Object.prototype members are tokens like any other', async () => {
  sim = await startTestSimulator({
    'qa.yaml': `tokens:
  toString: { status: 503, expect: { calls: { atMost: 1 } } }
  hasOwnProperty: { status: 503, expect: { calls: 1 } }
  constructor: { status: 503 }
`,
  });
  await getClient(sim.url, '__proto__');
  await getClient(sim.url, 'hasOwnProperty');
  await getClient(sim.url, 'valueOf');
  const res = await fetch(`${sim.url}/__admin/report`);
  const body = (await res.json()) as JudgedReport;
  expect(Object.keys(body.tokens)).toEqual(['__proto__', 'hasOwnProperty', 'valueOf']);
  expect(body.tokens['__proto__']).toMatchObject({ known: false, calls: 1, statuses: { '404': 1 } });
  expect(body.expectations.map((r) => [r.token, r.expectation, r.seen, r.outcome])).toEqual([
    ['toString', 'calls', '0', 'pass'],
    ['hasOwnProperty', 'calls', '1', 'pass'],
    [null, 'unknownTokens', '2 ("__proto__", "valueOf")', 'pass'],
    [null, 'unusedTokens', '2 ("constructor", "toString")', 'warn'],
  ]);
  expect(body.unknownTokens.top.map((u) => u.token)).toEqual(['__proto__', 'valueOf']);
  const markdown = await read('markdown');
  expect(markdown.status).toBe(200);
  expect(markdown.text).toContain('| `__proto__` (unknown) | 1 | 404×1 |');
  expect(markdown.text).toContain('| `hasOwnProperty` | 1 | 503×1 |');
  expect((await read('junit')).status).toBe(200);
});
