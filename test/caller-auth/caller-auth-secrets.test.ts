import { startTestSimulator, type TestSimulator } from '../helpers/test-simulator';
import { waitFor } from '../helpers/wait-for';

/** The first `scenarios` event of `GET /__admin/events` (the dashboard's health view), then the stream is closed. */
async function firstHealthEvent(
  url: string,
): Promise<{ lastError: { problems: { text: string; sourceLine: string | null }[] } | null }> {
  const abort = new AbortController();
  const res = await fetch(`${url}/__admin/events`, { signal: abort.signal });
  let text = '';
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      text += Buffer.from(chunk).toString('utf8');
      const match = /event: scenarios\ndata: (.*)\n\n/.exec(text);
      if (match) return JSON.parse(match[1]);
    }
  } finally {
    abort.abort();
  }
  throw new Error(`the stream ended without a scenarios event: ${text}`);
}

let t: TestSimulator;
afterEach(() => t.close());

test('a broken callerAuth line is reported by place in the health view, never with its text', async () => {
  t = await startTestSimulator({
    'a.yaml': 'defaults:\n  callerAuth: bearer:Good-S3cret\ntokens:\n  alice: { status: 204, body: none }\n',
  });
  t.dir.write(
    'a.yaml',
    'defaults:\n  callerAuth: [bearer:Good-S3cret, "basic:Bad-S3cret"]\n  wire: strigns\ntokens:\n  alice: { status: 204, body: none }\n',
  );
  await waitFor(() => t.sim.store.status().lastError !== null, { what: 'the failed reload' });
  const health = await firstHealthEvent(t.url);
  const file = `${t.dir.path}/a.yaml`;
  expect(health.lastError!.problems).toEqual([
    expect.objectContaining({
      text: `${file}:2:36 defaults.callerAuth[1] must be a caller credential: basic:USER:PASSWORD, bearer:TOKEN or header:NAME=VALUE; the value is not shown, it may hold a secret`,
      sourceLine: null,
    }),
    expect.objectContaining({
      text: `${file}:3:9 defaults.wire must be a wire style: strings or typed; got "strigns"; did you mean "strings"?`,
      sourceLine: '  wire: strigns',
    }),
  ]);
  expect(JSON.stringify(health)).not.toContain('S3cret');
});
