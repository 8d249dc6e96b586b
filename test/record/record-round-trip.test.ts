import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_SCENARIOS } from '../../src/cli/default-scenarios';
import { runSimulator, type Simulator } from '../../src/server/run-simulator';
import { startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { startTestSimulator } from '../helpers/test-simulator';
import { runCli } from '../helpers/spawn-cli';
import { isValidAccountKey, isValidInn, isValidOgrn, isValidOgrnip } from '../../src/synth/identifiers';

const EXTRA = `
tokens:
  "a b+/ж":
    client: { id: "00123", name: "Нулёва Нина", surname: "Нулёва", firstname: "Нина", type: "0", enabled: true, birthDate: "1990-01-01" }
  slowish:
    delay: 150ms
    client: { id: "17.40", name: Slow Sam, surname: Slow, firstname: Sam, type: "0", enabled: false }
`;

/** Shipped example tokens of every kind (cards, errors, no body, extra headers, typed, 1.0, synthetic) and the extra ones. */
const TOKENS = [
  'alice',
  'blocked',
  'odd-type',
  'bob-corp',
  'full',
  'expired',
  'crm-down',
  'crm-error',
  'typed-card',
  'legacy-1-0',
  'demo-1',
  'demo-2',
  'corp-demo-1',
  'corp-demo-4',
  'a b+/ж',
  'slowish',
];

let sim: Simulator;
let dir: TempDir;

beforeAll(async () => {
  dir = makeTempDir();
  dir.write('extra/extra.yaml', EXTRA);
  sim = await runSimulator({
    sources: { paths: [DEFAULT_SCENARIOS, path.join(dir.path, 'extra')] },
    port: 0,
    watch: false,
    seed: 1,
  });
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
      : await fetch(`${url}/rest/chat/client/id/`, {
          method,
          headers: { token: Buffer.from(token).toString('latin1') },
        });
  const bytes = Buffer.from(await res.arrayBuffer());
  return `${res.status} ${res.headers.get('content-type')} ${res.headers.get('retry-after')} ${bytes.toString('base64')}`;
}

/** Records TOKENS (GET, then POST) through a record proxy started with `flags`; resolves with the file's text once it stopped. */
async function record(
  out: string,
  flags: string[],
  tokens: readonly string[] = TOKENS,
): Promise<{ text: string; proxied: Map<string, string>; log: string }> {
  const proxy = await startCli(['record', '--target', sim.url, '--out', out, '--port', '0', ...flags]);
  const proxied = new Map<string, string>();
  try {
    for (const token of tokens) {
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
    const schema = path.relative(dir.path, path.resolve(__dirname, '../../schema/scenario-file.schema.json'));
    expect(text.split('\n').slice(0, 2)).toEqual([
      `# yaml-language-server: $schema=${schema}`,
      `# Recorded by auth-sim record from ${sim.url} (protocol 1.4, modules auth-c-api,auth-b-api,corporate,retail).`,
    ]);
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

  it("with --keep-delays writes each measured delay as the entry's delay", async () => {
    const { text } = await record(path.join(dir.path, 'delays.yaml'), ['--keep-delays']);
    const tokens = (parse(text) as { tokens: Record<string, { delay: string }> }).tokens;
    expect(Number(/^(\d+)ms$/.exec(tokens.slowish.delay)?.[1])).toBeGreaterThanOrEqual(150);
    expect(text).not.toContain('# measured');
  });

  it('with --redact leaves no original name, phone, e-mail or INN in the file, gives valid check digits, and redacts alike with the same --seed', async () => {
    const tokens = ['alice', 'bob-corp', 'full', 'corp-demo-1', 'corp-demo-4', 'demo-1', 'a b+/ж', 'expired'];
    const originals = new Set<string>();
    for (const token of tokens) {
      const res = await fetch(`${sim.url}/rest/chat/client/id/${encodeURIComponent(token)}`);
      collectPersonal(await res.json(), originals);
    }
    expect([...originals]).toEqual(
      expect.arrayContaining(['Ivanova', 'Alisa', '+79161234567', 'alisa.ivanova@example.ru', '7707083893', 'Нулёва']),
    );
    const first = await record(path.join(dir.path, 'redacted.yaml'), ['--redact', '--seed', '7'], tokens);
    const leaked = [...originals].filter((value) =>
      new RegExp(`(?<![\\p{L}\\d])${escape(value)}(?![\\p{L}\\d])`, 'u').test(first.text),
    );
    expect(leaked).toEqual([]);
    const file = parse(first.text) as { tokens: Record<string, Record<string, unknown>> };
    const identifiers = collectIdentifiers(file.tokens);
    expect(identifiers.inn.length).toBeGreaterThanOrEqual(5);
    expect(identifiers.inn.filter((inn) => !isValidInn(inn))).toEqual([]);
    expect(identifiers.ogrn.length).toBeGreaterThanOrEqual(2);
    expect(identifiers.ogrn.filter((ogrn) => !isValidOgrn(ogrn) && !isValidOgrnip(ogrn))).toEqual([]);
    const full = file.tokens.full.client as {
      name: string;
      surname: string;
      firstname: string;
      patronymic: string;
      accountNumbers: string;
      bankBranch: { bik: string };
    };
    expect(full.name).toBe(`${full.surname} ${full.firstname} ${full.patronymic}`);
    expect(isValidAccountKey(full.accountNumbers, full.bankBranch.bik)).toBe(true);
    const again = await record(path.join(dir.path, 'redacted-again.yaml'), ['--redact', '--seed', '7'], tokens);
    expect(parse(again.text)).toEqual(file);
  });
});

const PERSONAL_KEYS = new Set(['name', 'surname', 'firstname', 'patronymic', 'phone', 'whatsappPhone', 'email', 'inn']);

/** Every value of a personal field in a wire body, and each word of a name. */
function collectPersonal(value: unknown, into: Set<string>, key = ''): void {
  if (Array.isArray(value)) return value.forEach((v) => collectPersonal(v, into, key));
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value))
      if (!['fieldList', 'actionList', 'group', 'bankBranch'].includes(k)) collectPersonal(v, into, k);
    return;
  }
  if (typeof value !== 'string' || !PERSONAL_KEYS.has(key)) return;
  into.add(value);
  if (key === 'name') for (const word of value.split(/[\s,.]+/)) if (word.length > 3) into.add(word);
}

function collectIdentifiers(
  value: unknown,
  found: { inn: string[]; ogrn: string[] } = { inn: [], ogrn: [] },
  key = '',
): { inn: string[]; ogrn: string[] } {
  if (Array.isArray(value)) value.forEach((v) => collectIdentifiers(v, found, key));
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) collectIdentifiers(v, found, k);
  else if (key === 'inn' || key === 'ogrn') found[key].push(String(value));
  return found;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
