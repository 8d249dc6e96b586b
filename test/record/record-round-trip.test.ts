import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_SCENARIOS } from '../../src/cli/default-scenarios';
import { runSimulator, type Simulator } from '../../src/server/run-simulator';
import { startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { startTestSimulator } from '../helpers/test-simulator';
import { runCli } from '../helpers/spawn-cli';

const EXTRA = `
tokens:
  "a b+/ж":
    client: { id: "00123", name: "Нулёва Нина", surname: "Нулёва", firstname: "Нина", type: "0", enabled: true, birthDate: "1990-01-01" }
  slowish:
    delay: 150ms
    client: { id: "17.40", name: Slow Sam, surname: Slow, firstname: Sam, type: "0", enabled: false }
`;

/** Shipped example tokens of every kind (cards, errors, no body, extra headers, typed, 1.0, synthetic) and the extra ones. */
const TOKENS = ['alice', 'blocked', 'odd-type', 'bob-corp', 'full', 'expired', 'crm-down', 'crm-error', 'typed-card', 'legacy-1-0', 'demo-1', 'demo-2', 'corp-demo-1', 'corp-demo-4', 'a b+/ж', 'slowish'];

let sim: Simulator;
let dir: TempDir;

beforeAll(async () => {
  dir = makeTempDir();
  dir.write('extra/extra.yaml', EXTRA);
  sim = await runSimulator({ sources: { paths: [DEFAULT_SCENARIOS, path.join(dir.path, 'extra')] }, port: 0, watch: false, seed: 1 });
});

afterAll(async () => {
  await sim.close(1000);
  dir.remove();
});

/** What a chat server sees of one answer: status, content type, a kept extra header, and the body bytes. */
async function seen(url: string, token: string, method: 'GET' | 'POST'): Promise<string> {
  const res =
    method === 'GET'
      ? await fetch(`${url}/rest/chat/client/id/${encodeURIComponent(token)}`)
      : await fetch(`${url}/rest/chat/client/id/`, { method, headers: { token: Buffer.from(token).toString('latin1') } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return `${res.status} ${res.headers.get('content-type')} ${res.headers.get('retry-after')} ${bytes.toString('base64')}`;
}

/** Records TOKENS (GET, then POST) through a record proxy started with `flags`; resolves with the file's text once it stopped. */
async function record(out: string, flags: string[]): Promise<{ text: string; proxied: Map<string, string>; log: string }> {
  const proxy = await startCli(['record', '--target', sim.url, '--out', out, '--port', '0', ...flags]);
  const proxied = new Map<string, string>();
  try {
    for (const token of TOKENS) {
      proxied.set(`GET ${token}`, await seen(proxy.url, token, 'GET'));
      proxied.set(`POST ${token}`, await seen(proxy.url, token, 'POST'));
    }
  } finally {
    await proxy.stop();
  }
  return { text: readFileSync(out, 'utf8'), proxied, log: proxy.stdout() + proxy.stderr() };
}

async function directAnswers(url: string): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const token of TOKENS) {
    answers.set(`GET ${token}`, await seen(url, token, 'GET'));
    answers.set(`POST ${token}`, await seen(url, token, 'POST'));
  }
  return answers;
}

describe('auth-sim record', () => {
  it('passes answers through unchanged and writes a file that, served, gives byte-identical answers for every token', async () => {
    const direct = await directAnswers(sim.url);
    const { text, proxied, log } = await record(path.join(dir.path, 'recorded.yaml'), []);
    expect(direct.get('GET crm-error')).toMatch(/^500 application\/json; charset=utf-8 30 /);
    expect(proxied).toEqual(direct);
    expect(log).toMatch(/^auth-sim: slowish GET 200 application\/json; charset=utf-8 \d+ ms: recorded$/m);
    expect(log).toMatch(/^auth-sim: alice POST 200 application\/json; charset=utf-8 \d+ ms: already recorded$/m);
    expect(log).toContain('auth-sim: full GET client.crmURL: warning: deprecated; use actionList instead\n');
    expect(text).toMatch(/\n {2}# measured (1[5-9]\d|[2-9]\d\d|\d{4,}) ms\n {2}slowish:\n/);
    expect(text).toContain('      id: "00123"\n');
    expect(text).toContain('      id: "17.40"\n');
    expect(Object.keys((parse(text) as { tokens: object }).tokens)).toEqual(TOKENS);
    const validate = runCli(['validate', path.join(dir.path, 'recorded.yaml')]);
    expect(validate.stdout).toBe(`auth-sim: 1 file(s), ${TOKENS.length} token(s): valid\n`);
    const replay = await startTestSimulator({ 'recorded.yaml': text });
    try {
      expect(await directAnswers(replay.url)).toEqual(direct);
    } finally {
      await replay.close();
    }
  });

  it('with --keep-delays writes each measured delay as the entry\'s delay', async () => {
    const { text } = await record(path.join(dir.path, 'delays.yaml'), ['--keep-delays']);
    const tokens = (parse(text) as { tokens: Record<string, { delay: string }> }).tokens;
    expect(Number(/^(\d+)ms$/.exec(tokens.slowish.delay)?.[1])).toBeGreaterThanOrEqual(150);
    expect(text).not.toContain('# measured');
  });
});
