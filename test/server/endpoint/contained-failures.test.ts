import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createAnswerRuntime } from '../../../src/server/endpoint/answer-runtime';
import { adminErrorHandler } from '../../../src/server/admin/admin-error';
import { createProtocolHandler } from '../../../src/server/endpoint/protocol-handler';
import type { CompiledEntry, ScenarioSet } from '../../../src/scenario/compile/scenario-set';
import { makeReply } from '../../../src/scenario/compile/build-reply';
import { RequestRecorder } from '../../../src/server/endpoint/request-recorder';
import { RuntimeTokens } from '../../../src/scenario/state/runtime-tokens';
import { adminCall } from '../../helpers/admin-client';
import { rawRequest } from '../../helpers/raw-request';
import { getClient, startTestSimulator } from '../../helpers/test-simulator';

/** Listens on port 0 with `listener`; resolves with the URL and a close. */
async function listen(listener: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** An entry whose reply holds whatever headers it is given, as if they had slipped past the load checks. */
function entryWithHeaders(headers: Record<string, string>, delayMs = 0): CompiledEntry {
  const reply = makeReply(200, headers, Buffer.from('{}'));
  return { source: { file: 'x', line: 1, column: 1 }, answer: () => ({ reply, delayMs }) };
}

test.each([
  ['a non-Latin-1 value', { 'x-reason': 'Токен истёк' }, 0],
  ['a value with CR LF, after a delay (a timer callback)', { 'x-split': 'a\r\nb' }, 5],
  ['a name that is not a token', { 'x a': '1' }, 0],
])(
  'an answer Node refuses to write (%s) becomes a reported 500, and the server keeps serving',
  async (_what, headers, delayMs) => {
    const reports: string[] = [];
    const good = entryWithHeaders({ 'x-ok': 'yes' });
    const holder = {
      set: { callerGuards: null } as unknown as ScenarioSet,
      resolve: (token: string) => (token === 'bad' ? entryWithHeaders(headers, delayMs) : good),
    };
    // The journal's byte count of the 500 written instead: the first reply (good) checks the
    // writer's counts against the connection's, so the 500's is the writer's own.
    const bytes: Record<string, number> = {};
    const recorder = new RequestRecorder({
      runtime: new RuntimeTokens(),
      onRecord: [(record) => void (bytes[record.token ?? ''] = record.bytes)],
    });
    const handler = createProtocolHandler(
      holder,
      recorder,
      createAnswerRuntime(1, (m) => reports.push(m)),
    );
    const server = await listen((req, res) => void handler(req, res));
    try {
      expect(recorder.countsFromWriter).toBe(false);
      const good = await rawRequest(server.url, 'GET', 'good');
      expect(good.status).toBe(200);
      // Node's head and the body, counted by the writer, agree with the connection's own count.
      expect(recorder.countsFromWriter).toBe(true);
      const bad = await rawRequest(server.url, 'GET', 'bad');
      expect(bad.status).toBe(500);
      expect(bad.body.toString('utf8')).toBe(
        '{"errorCode":"INTERNAL_ERROR","errorText":"auth-sim could not write the answer this token is given; see its log"}',
      );
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatch(
        /^could not write a 200 answer for \/rest\/chat\/client\/id\/bad: .+; answered 500 instead$/,
      );
      await recorder.settle();
      expect(bytes).toEqual({ good: good.bytes.length, bad: bad.bytes.length });
      expect((await getClient(server.url, 'good')).status).toBe(200);
    } finally {
      await server.close();
    }
  },
);

test('an admin call that fails inside is a 500 that is reported with the reason and where it was thrown', async () => {
  const reports: string[] = [];
  const app = express();
  app.get('/boom', () => {
    throw new TypeError('something inside broke');
  });
  app.use(adminErrorHandler((m) => reports.push(m)));
  const server = await listen(app);
  try {
    const res = await adminCall(server.url, 'GET', '/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'auth-sim failed to do this admin call; see its log' });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(
      /^admin GET \/boom failed inside: something inside broke \(at .+contained-failures\.test\.ts:\d+:\d+\)$/,
    );
  } finally {
    await server.close();
  }
});

test('an admin PUT whose text YAML cannot turn into data is a 400 with the reason, not a silent 500', async () => {
  const reports: string[] = [];
  const t = await startTestSimulator({ 'a.yaml': 'tokens: {}\n' }, { onInternalError: (m) => reports.push(m) });
  try {
    const put = await adminCall(t.url, 'PUT', '/__admin/tokens/bob', {
      body: 'status: *missing\n',
      headers: { 'content-type': 'application/yaml' },
    });
    expect(put.status).toBe(400);
    expect(put.body.error).toBe(
      'the entry for token "bob" was not applied: PUT /__admin/tokens/bob:1:9 YAML: unidentified alias "missing"',
    );
    expect(reports).toEqual([]);
  } finally {
    await t.close();
  }
});
