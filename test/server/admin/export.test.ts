import { getClient, startTestSimulator, type TestSimulator } from '../../helpers/test-simulator';
import { runCliAsync } from '../../helpers/run-cli-async';

const FILE = 'tokens:\n  alice: { status: 401, errorCode: TOKEN_EXPIRED, errorText: token expired }\n';
const SECRET = 'export-secret';

/** Runtime entries as a person or an agent sends them: YAML with exact scalars, JSON, a document marker, a sequence. */
const RUNTIME: readonly (readonly [token: string, text: string, type: string])[] = [
  [
    'zero-id',
    'client:\n  id: 00123\n  name: Zero Ivan\n  surname: Zero\n  firstname: Ivan\n  type: "0"\n  enabled: true\n',
    'application/yaml',
  ],
  ['blocked', '{"status": 403, "errorCode": "BLOCKED",\n "errorText": "blocked"}', 'application/json'],
  ['marked', '---\nstatus: 503\nbody: none\n...\n', 'application/yaml'],
  [
    'flaky one: #2',
    'sequence:\n  - { status: 503, body: none }\n  - { status: 401, errorCode: E, errorText: e }\n',
    'application/yaml',
  ],
  ['alice', 'status: 418\n', 'application/yaml'],
];

let t: TestSimulator;
beforeAll(async () => {
  t = await startTestSimulator({ 'a.yaml': FILE }, { admin: { token: SECRET } });
  for (const [token, text, type] of RUNTIME) {
    const res = await fetch(`${t.url}/__admin/tokens/${encodeURIComponent(token)}`, {
      method: 'PUT',
      headers: { 'content-type': type, 'x-admin-token': SECRET },
      body: text,
    });
    expect(res.status).toBe(201);
  }
});
afterAll(() => t.close());

test('GET /__admin/export is the runtime tokens as a scenario file that validates and, served, answers the same', async () => {
  const res = await fetch(`${t.url}/__admin/export`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="auth-sim-runtime.yaml"');
  const text = await res.text();
  const cli = await runCliAsync(['export', `${t.url}/__admin`]);
  expect(cli).toEqual({ status: 0, stdout: text, stderr: '' });
  const served = await startTestSimulator({ 'runtime.yaml': text });
  try {
    const validated = await runCliAsync(['validate', served.dir.path]);
    expect(validated.status).toBe(0);
    expect(validated.stdout + validated.stderr).toMatch(/1 file\(s\), 5 token\(s\): valid/);
    for (const [token] of RUNTIME) {
      // A sequence walks the same steps on both.
      for (let step = 0; step < 2; step++) {
        const [mine, theirs] = [await getClient(t.url, token), await getClient(served.url, token)];
        expect([theirs.status, theirs.text]).toEqual([mine.status, mine.text]);
      }
    }
    expect((await getClient(served.url, 'zero-id')).text).toContain('"id":"00123"');
  } finally {
    await served.close();
  }
});

test('with no runtime token the export is an empty scenario file', async () => {
  const empty = await startTestSimulator({ 'a.yaml': FILE });
  try {
    const text = await (await fetch(`${empty.url}/__admin/export`)).text();
    expect(text).toBe(
      '# Runtime tokens exported from auth-sim (GET /__admin/export); serve it with --scenarios.\ntokens: {}\n',
    );
  } finally {
    await empty.close();
  }
});

test('auth-sim export says what failed, on stderr, with exit 2', async () => {
  const refused = await runCliAsync(['export', 'http://127.0.0.1:1/__admin']);
  expect(refused.status).toBe(2);
  expect(refused.stdout).toBe('');
  expect(refused.stderr).toMatch(/^auth-sim: cannot reach http:\/\/127\.0\.0\.1:1\/__admin\/export: /);
});
