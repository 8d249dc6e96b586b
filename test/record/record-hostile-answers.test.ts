import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { parse } from 'yaml';
import { jsonAnswer, startHostileUpstream, type HostileUpstream } from '../helpers/hostile-upstream';
import { runCli, startCli } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { startTestSimulator } from '../helpers/test-simulator';

const CARD = { id: '1', name: 'Test Tess', surname: 'Test', firstname: 'Tess', type: '0', enabled: 'true' };

/** Tokens YAML reads as something else when written plain: a merge key, an alias, a tag, a comment, flow syntax, other types. */
const HOSTILE_TOKENS = [
  '<<',
  '*ref',
  '&anchor',
  '!tag',
  '# not a comment',
  '? key',
  '- item',
  '{a: 1}',
  '[1]',
  'null',
  '~',
  'true',
  'yes',
  '0x1F',
  '1e3',
  '012',
  ':colon',
  'a: b',
  '@at',
  '`tick',
  '%percent',
  "'single",
  '"double',
  '|',
  '>',
  ' leading space',
  'trailing space ',
  'ж кириллица',
  '😀 emoji',
  'tab\there',
  'esc\u001b[31mred',
  'nul\u0000byte',
  'back\\slash',
];

/** Headers a scenario cannot send verbatim, with ones it can. */
function hostileHeaders(res: ServerResponse): void {
  res.setHeader('x-plain', 'kept as is');
  res.setHeader('x-latin1', Buffer.from('naïve café', 'utf8').toString('latin1'));
  res.setHeader('x-quote', '"quoted" \'and\' #hash: <<');
  res.setHeader('x-tab', 'a\tb');
  res.setHeader('set-cookie', ['first=1; Path=/', 'second=2; Expires=Wed, 21 Oct 2037 07:28:00 GMT']);
}

/** Headers that carry credentials, each value a secret that must not reach the recording. */
const SECRET_HEADERS: Record<string, string | string[]> = {
  authorization: 'Bearer secret-bearer-1',
  'proxy-authorization': 'Basic c2VjcmV0LXByb3h5',
  'set-cookie': ['sid=secret-cookie-1; Path=/', 'refresh=secret-cookie-2; HttpOnly'],
  cookie: 'a=secret-cookie-3',
  'x-upstream-api-key': 'secret-api-key',
  'x-auth-token': 'secret-auth-token',
  'x-client-secret': 'secret-client',
  'x-request-id': 'kept-request-id',
};

let upstream: HostileUpstream;
let dir: TempDir;

beforeAll(async () => {
  dir = makeTempDir();
  const handlers = Object.fromEntries(
    HOSTILE_TOKENS.map((token) => [
      token,
      (_req: unknown, res: ServerResponse) => {
        hostileHeaders(res);
        jsonAnswer(res, { client: { ...CARD, name: `${token} \u001b\u0085\u2028 name` } });
      },
    ]),
  );
  upstream = await startHostileUpstream({
    ...handlers,
    'with-secrets': (_req, res) => {
      for (const [name, value] of Object.entries(SECRET_HEADERS)) res.setHeader(name, value);
      jsonAnswer(res, { client: CARD });
    },
  });
});

afterAll(async () => {
  await upstream.close();
  dir.remove();
});

describe('record writes files that load, whatever the service sends', () => {
  it('records hostile tokens and headers into a file that validate accepts and serve answers from', async () => {
    const out = path.join(dir.path, 'hostile.yaml');
    const proxy = await startCli(['record', '--target', upstream.url, '--out', out, '--port', '0']);
    const direct = new Map<string, string>();
    try {
      for (const token of HOSTILE_TOKENS) {
        const res = await fetch(`${proxy.url}/rest/chat/client/id/${encodeURIComponent(token)}`);
        expect(res.status).toBe(200);
        direct.set(token, await res.text());
      }
    } finally {
      await proxy.stop();
    }
    const log = proxy.stdout() + proxy.stderr();
    // eslint-disable-next-line no-control-regex -- the test looks for control characters
    expect(log).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(log).toContain('auth-sim: esc\\u001b[31mred GET 200 application/json');
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('x-plain: "kept as is"');
    expect(text).toContain('  # header x-latin1 is left out: a scenario header holds printable ASCII only\n');
    expect(text).toContain('  # the service sent 2 set-cookie headers; a scenario sends one, the first\n');
    expect(text).toContain('      set-cookie: "first=1; Path=/"\n');
    const validate = runCli(['validate', out]);
    expect(validate.stderr).toBe('');
    expect(validate.stdout).toBe(`auth-sim: 1 file(s), ${HOSTILE_TOKENS.length} token(s): valid\n`);
    const replay = await startTestSimulator({ 'hostile.yaml': text });
    try {
      for (const token of HOSTILE_TOKENS) {
        const res = await fetch(`${replay.url}/rest/chat/client/id/${encodeURIComponent(token)}`);
        expect([token, res.status, await res.text()]).toEqual([token, 200, direct.get(token)]);
        expect(res.headers.get('x-quote')).toBe('"quoted" \'and\' #hash: <<');
        expect(res.headers.get('x-tab')).toBe('a\tb');
      }
    } finally {
      await replay.close();
    }
  });

  it('with --redact masks every credential-looking header, every Set-Cookie included, and keeps the others', async () => {
    const out = path.join(dir.path, 'secrets.yaml');
    const proxy = await startCli(['record', '--target', upstream.url, '--out', out, '--port', '0', '--redact']);
    try {
      const res = await fetch(`${proxy.url}/rest/chat/client/id/with-secrets`);
      expect(res.headers.getSetCookie()).toEqual(SECRET_HEADERS['set-cookie']);
      expect(res.headers.get('x-upstream-api-key')).toBe('secret-api-key');
    } finally {
      await proxy.stop();
    }
    const text = readFileSync(out, 'utf8');
    expect(text.match(/secret-[a-z-]+\d?/g) ?? []).toEqual([]);
    expect(text).not.toContain('c2VjcmV0LXByb3h5');
    const headers = (parse(text) as { tokens: Record<string, { headers: object }> }).tokens['with-secrets'].headers;
    expect(headers).toEqual({
      authorization: 'redacted-by-auth-sim',
      'proxy-authorization': 'redacted-by-auth-sim',
      'set-cookie': 'redacted-by-auth-sim',
      cookie: 'redacted-by-auth-sim',
      'x-upstream-api-key': 'redacted-by-auth-sim',
      'x-auth-token': 'redacted-by-auth-sim',
      'x-client-secret': 'redacted-by-auth-sim',
      'x-request-id': 'kept-request-id',
      'content-type': 'application/json',
    });
    expect(runCli(['validate', out]).stdout).toBe('auth-sim: 1 file(s), 1 token(s): valid\n');
  });
});
