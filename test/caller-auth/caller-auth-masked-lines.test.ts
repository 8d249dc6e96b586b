import { withSourceLine } from '../../src/cli/report-problems';
import { startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

type Health = { lastError: { problems: { text: string; sourceLine: string | null }[] } | null };

/** The first `scenarios` event of `GET /__admin/events` (the dashboard's health view), then the stream is closed. */
async function firstHealthEvent(url: string): Promise<Health> {
  const abort = new AbortController();
  const res = await fetch(`${url}/__admin/events`, { signal: abort.signal });
  let text = '';
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      text += Buffer.from(chunk).toString('utf8');
      const match = /event: scenarios\ndata: (.*)\n\n/.exec(text);
      if (match) return JSON.parse(match[1]) as Health;
    }
  } finally {
    abort.abort();
  }
  throw new Error(`the stream ended without a scenarios event: ${text}`);
}

const GOOD = 'defaults:\n  callerAuth: bearer:Good-S3cret\ntokens:\n  alice: { status: 204, body: none }\n';

/** Broken callerAuth lines no problem path names as secret: a syntax error on the line, the key misspelt. */
const BROKEN: [string, string, string][] = [
  [
    'an unclosed quote',
    'defaults:\n  callerAuth: "bearer:Bad-S3cret\ntokens:\n  alice: { status: 204 }\n',
    '  callerAuth: ***',
  ],
  [
    'a misspelt key',
    'defaults:\n  callerAtuh: bearer:Bad-S3cret\ntokens:\n  alice: { status: 204 }\n',
    '  callerAtuh: ***',
  ],
];

let t: TestSimulator | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

test.each(BROKEN)(
  'with %s, the health view and event stream show the line masked, and GET /__admin/scenarios no secret',
  async (_name, text, shown) => {
    t = await startTestSimulator({ 'a.yaml': GOOD });
    t.dir.write('a.yaml', text);
    await waitFor(() => t!.sim.store.status().lastError !== null, { what: 'the failed reload' });
    const health = await firstHealthEvent(t.url);
    expect(JSON.stringify(health)).not.toContain('S3cret');
    expect(health.lastError!.problems.map((p) => p.sourceLine)).toContain(shown);
    const scenarios = await (await fetch(`${t.url}/__admin/scenarios`)).text();
    expect(scenarios).toContain('"lastError"');
    expect(scenarios).not.toContain('S3cret');
  },
);

test("validate's excerpt of a syntax error on a callerAuth line is masked", () => {
  const problem = {
    file: 'a.yaml',
    line: 2,
    column: 15,
    severity: 'error' as const,
    path: '',
    message: 'YAML: Missing closing "quote',
  };
  const text = withSourceLine(problem, () => '  callerAuth: "bearer:Bad-S3cret');
  expect(text).toBe('a.yaml:2:15 YAML: Missing closing "quote\n      callerAuth: ***\n                  ^');
});
