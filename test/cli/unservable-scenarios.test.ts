import { adminCall } from '../helpers/admin-client';
import { getClient } from '../helpers/test-simulator';
import { runCli, startCli } from '../helpers/spawn-cli';
import { makeTempDir } from '../helpers/temp-dir';

/** validate on one file; its stderr lines. */
function validateLines(text: string): { status: number | null; lines: string[] } {
  const dir = makeTempDir();
  dir.write('a.yaml', text);
  const result = runCli(['validate', '.'], { cwd: dir.path });
  dir.remove();
  return { status: result.status, lines: result.stderr.split('\n').filter(Boolean) };
}

const NAME = "must be a header name: letters, digits and !#$%&'*+.^_`|~- only (no spaces, colons or non-ASCII)";
const VALUE =
  "must be a header value: a string or number in printable ASCII, no CR, LF, NUL or other control characters; percent-encode non-ASCII text, or use RFC 8187 (e.g. filename*=UTF-8''%D0%A2%D0%BE%D0%BA%D0%B5%D0%BD)";

test('headers Node would refuse to send are errors at load, each at its place with a hint', () => {
  const file = [
    'tokens:',
    '  alice:',
    '    headers:',
    '      X-Reason: "Токен истёк"',
    '      X-Split: "a\\r\\nb"',
    '      X-Nul: "a\\0b"',
    '      "X A": 1',
    '      "X:A": 1',
    '      "": 1',
    '      "Токен": 1',
    '',
  ].join('\n');
  expect(validateLines(file)).toEqual({
    status: 1,
    lines: [
      `auth-sim: a.yaml:4:17 tokens.alice.headers.X-Reason ${VALUE}; got "Токен истёк"`,
      `auth-sim: a.yaml:5:16 tokens.alice.headers.X-Split ${VALUE}; got "a\\r\\nb"`,
      `auth-sim: a.yaml:6:14 tokens.alice.headers.X-Nul ${VALUE}; got "a\\u0000b"`,
      `auth-sim: a.yaml:7:7 tokens.alice.headers."X A" ${NAME}; got "X A"`,
      `auth-sim: a.yaml:8:7 tokens.alice.headers."X:A" ${NAME}; got "X:A"`,
      `auth-sim: a.yaml:9:7 tokens.alice.headers."" ${NAME}; got ""`,
      `auth-sim: a.yaml:10:7 tokens.alice.headers."Токен" ${NAME}; got "Токен"`,
      'auth-sim: 7 error(s) in 1 file(s)',
    ],
  });
});

test('file defaults are checked the same way', () => {
  expect(validateLines('defaults:\n  headers: { X-Reason: "истёк" }\ntokens: {}\n').lines[0]).toBe(
    `auth-sim: a.yaml:2:24 defaults.headers.X-Reason ${VALUE}; got "истёк"`,
  );
});

test('a 1xx status is an error at load, as a status and as an html fault', () => {
  expect(validateLines('tokens:\n  a: { status: 101 }\n  b: { fault: { html: 100 } }\n')).toEqual({
    status: 1,
    lines: [
      'auth-sim: a.yaml:2:16 tokens.a.status must be an HTTP status from 200 to 599 (1xx are interim: the client would wait for an answer that never comes); got 101',
      'auth-sim: a.yaml:3:23 tokens.b.fault.html must be an HTTP status from 200 to 599 for the error page (default 502); got 100',
      'auth-sim: 2 error(s) in 1 file(s)',
    ],
  });
});

test('durations past the longest Node timer are errors at load, wherever a timer would wait on them', () => {
  const file = [
    'defaults:',
    '  delay: 100000m',
    'tokens:',
    '  a: { fault: { hang: 3000000000 } }',
    '  b: { delay: { uniform: [1s, 40000m] } }',
    '  c: { delay: { lognormal: { median: 2147483648 } } }',
    '  d:',
    '    sequence:',
    '      - fault: { drip: 99999999999 }',
    '  e: { delay: 35791m }',
    '',
  ].join('\n');
  const limit = 'longer than a timer can wait (at most 2147483647 ms = 35791m, about 24.8 days); shorten it';
  expect(validateLines(file)).toEqual({
    status: 1,
    lines: [
      `auth-sim: a.yaml:2:3 defaults.delay is 6000000000 ms, ${limit}`,
      `auth-sim: a.yaml:4:17 tokens.a.fault.hang is 3000000000 ms, ${limit}`,
      `auth-sim: a.yaml:5:31 tokens.b.delay.uniform[1] is 2400000000 ms, ${limit}`,
      `auth-sim: a.yaml:6:30 tokens.c.delay.lognormal.median is 2147483648 ms, ${limit}`,
      `auth-sim: a.yaml:9:18 tokens.d.sequence[0].fault.drip is 99999999999 ms, ${limit}`,
      'auth-sim: 5 error(s) in 1 file(s)',
    ],
  });
});

test('--delay past the longest timer is refused before anything starts', () => {
  const result = runCli(['serve', '--delay', '100000m', '--port', '0']);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(
    "error: option '--delay <delay>' argument '100000m' is invalid. delay is 6000000000 ms, longer than a timer can wait (at most 2147483647 ms = 35791m, about 24.8 days); shorten it",
  );
});

test('PUT of an entry with a header Node refuses is a 400, and the server stays up and serving', async () => {
  const dir = makeTempDir();
  dir.write('a.yaml', 'tokens:\n  alice: { status: 204, body: none }\n');
  const cli = await startCli(['--scenarios', dir.path, '--port', '0', '--no-watch'], { cwd: dir.path });
  try {
    const put = await adminCall(cli.url, 'PUT', '/__admin/tokens/bob', {
      body: 'headers:\n  X-Reason: Токен истёк\n',
      headers: { 'content-type': 'application/yaml' },
    });
    expect(put.status).toBe(400);
    expect(put.body.error).toBe(
      `the entry for token "bob" was not applied: PUT /__admin/tokens/bob:2:13 headers.X-Reason ${VALUE}; got "Токен истёк"`,
    );
    expect((await getClient(cli.url, 'bob')).status).toBe(404);
    expect((await getClient(cli.url, 'alice')).status).toBe(204);
    expect(cli.child.exitCode).toBeNull();
  } finally {
    await cli.stop();
    dir.remove();
  }
});
