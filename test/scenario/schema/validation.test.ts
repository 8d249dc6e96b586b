import { loadSet } from '../../helpers/load-set';
import { formatProblem } from '../../../src/scenario/base/problem';

/** Loads the given files and returns the formatted problems, or [] if the set loaded. */
function problems(files: Record<string, string>): string[] {
  const result = loadSet(Object.entries(files).map(([file, text]) => ({ file, text })));
  return result.ok ? [] : result.problems.map(formatProblem);
}

const ALICE = `tokens:
  alice:
    client:
      id: "1"
      name: Ivanova Alisa
      surname: Ivanova
      firstname: Alisa
      type: "0"
      enabled: true
`;

test('a valid file loads with no problems', () => {
  expect(problems({ 'a.yaml': ALICE })).toEqual([]);
});

test.each([
  [
    'a misspelt Client field, with a suggestion',
    ALICE.replace('surname:', 'surnmae:'),
    ['a.yaml:6:7 tokens.alice.client.surnmae is not a Client field; did you mean "surname"?'],
  ],
  [
    'a misspelt required field: the typo alone, not also the field as missing',
    ALICE.replace('firstname:', 'firstnme:'),
    ['a.yaml:7:7 tokens.alice.client.firstnme is not a Client field; did you mean "firstname"?'],
  ],
  [
    'a misspelt required field beside one truly missing: the missing one is still said',
    ALICE.replace('firstname:', 'firstnme:').replace('      surname: Ivanova\n', ''),
    [
      'a.yaml:3:5 tokens.alice.client is missing required Client field "surname"',
      'a.yaml:6:7 tokens.alice.client.firstnme is not a Client field; did you mean "firstname"?',
    ],
  ],
  [
    'an empty sequence',
    'tokens:\n  bob:\n    sequence: []\n',
    ['a.yaml:3:15 tokens.bob.sequence must be a list of answers, given in turn; got an empty list'],
  ],
  [
    'a key defaults does not take, with the ones it does',
    'defaults:\n  status: 503\ntokens:\n  bob: { status: 401 }\n',
    ['a.yaml:2:3 defaults.status is not a defaults field; the defaults fields are delay, headers, protocol, wire, callerAuth and rateLimit'],
  ],
  [
    'body fields on a status that never has a body',
    'tokens:\n  gone: { status: 304, errorCode: X, errorText: Y }\n  seq:\n    sequence:\n      - { status: 204, errorCode: Z }\n',
    [
      'a.yaml:2:11 tokens.gone.status 304 (Not Modified) never has a body (RFC 9110, 15.4.5), so errorCode and errorText would not reach the client; remove them, or choose a status that has a body',
      'a.yaml:5:11 tokens.seq.sequence[0].status 204 (No Content) never has a body (RFC 9110, 15.3.5), so errorCode would not reach the client; remove it, or choose a status that has a body',
    ],
  ],
  [
    'a Content-Length header, in an entry or in defaults',
    'defaults:\n  headers: { Transfer-Encoding: chunked }\ntokens:\n  bob:\n    status: 401\n    headers:\n      Content-Length: 10\n',
    [
      'a.yaml:2:14 defaults.headers.Transfer-Encoding is set by auth-sim from the bytes it sends: a written value would be dropped, and a different one would leave the client waiting for bytes that never come or reading the next answer as part of this one; remove it (to cut a body short on purpose, use fault: truncated)',
      'a.yaml:7:7 tokens.bob.headers.Content-Length is set by auth-sim from the bytes it sends: a written value would be dropped, and a different one would leave the client waiting for bytes that never come or reading the next answer as part of this one; remove it (to cut a body short on purpose, use fault: truncated)',
    ],
  ],
  [
    'a misspelt defaults key, with the one it was meant to be',
    'defaults:\n  dealy: 5ms\n',
    ['a.yaml:2:3 defaults.dealy is not a defaults field; did you mean "delay"?'],
  ],
  [
    'an unknown key at the top of the file',
    ALICE.replace('tokens:', 'tokns:'),
    ['a.yaml:1:1 tokns is not a scenario file field; did you mean "tokens"?'],
  ],
  [
    'a misspelt control key of an entry',
    ALICE.replace('  alice:\n', '  alice:\n    stauts: 401\n'),
    ['a.yaml:3:5 tokens.alice.stauts is not a scenario entry field; did you mean "status"?'],
  ],
  [
    'a missing required field',
    ALICE.replace('      firstname: Alisa\n', ''),
    ['a.yaml:3:5 tokens.alice.client is missing required Client field "firstname"'],
  ],
  [
    'a Boolean that is not true or false',
    ALICE.replace('enabled: true', 'enabled: yes'),
    ['a.yaml:9:16 tokens.alice.client.enabled must be true or false; got "yes"'],
  ],
  [
    'a list where a Client belongs',
    'tokens:\n  bob:\n    client: [1, 2]\n',
    ['a.yaml:3:13 tokens.bob.client must be a Client object; got a list'],
  ],
  [
    'a date in the wrong format',
    ALICE.replace('enabled: true', 'enabled: true\n      birthDate: 12.05.1990'),
    ['a.yaml:10:18 tokens.alice.client.birthDate must be a date written YYYY-MM-DD; got "12.05.1990"'],
  ],
  [
    'a status out of range',
    'tokens:\n  x:\n    status: 99\n',
    [
      'a.yaml:3:13 tokens.x.status must be an HTTP status from 200 to 599 (1xx are interim: the client would wait for an answer that never comes); got 99',
    ],
  ],
  [
    'a header value that is a list',
    'tokens:\n  x:\n    status: 401\n    headers: { x-a: [1] }\n',
    [
      "a.yaml:4:21 tokens.x.headers.x-a must be a header value: a string or number in printable ASCII, no CR, LF, NUL or other control characters; percent-encode non-ASCII text, or use RFC 8187 (e.g. filename*=UTF-8''%D0%A2%D0%BE%D0%BA%D0%B5%D0%BD); got a list",
    ],
  ],
  [
    'a fields value that is a map',
    ALICE.replace('enabled: true', 'enabled: true\n      fields: { k: { a: 1 } }'),
    ['a.yaml:10:20 tokens.alice.client.fields.k must be a string; got a map'],
  ],
  [
    'a bad duration',
    'tokens:\n  x:\n    delay: soon\n',
    ['a.yaml:3:12 tokens.x.delay must be a duration: milliseconds, or a string like "250ms", "2.5s", "1m"; got "soon"'],
  ],
  [
    'a nested company field, by index',
    'tokens:\n  x:\n    companyList:\n      - { id: 1, nmae: Acme }\n',
    ['a.yaml:4:18 tokens.x.companyList[0].nmae is not a Company field; did you mean "name"?'],
  ],
])('reports %s with file, line, column and path', (_what, text, expected) => {
  expect(problems({ 'a.yaml': text })).toEqual(expected);
});

test('a YAML syntax error is reported with its place', () => {
  const [problem] = problems({ 'bad.yaml': 'tokens:\n  alice: {client: [\n' });
  expect(problem).toMatch(/^bad\.yaml:\d+:\d+ YAML: /);
});

test('a key repeated within one file is a YAML error at the second one', () => {
  expect(problems({ 'a.yaml': 'tokens:\n  x: { status: 500 }\n  x: { status: 501 }\n' })).toEqual([
    'a.yaml:3:3 key "x" is repeated in the same map; first at line 2, column 3',
  ]);
});

test('a token defined in two files names both places', () => {
  const other = 'tokens:\n  zed: { status: 500 }\n  alice: { status: 401 }\n';
  expect(problems({ 'a.yaml': ALICE, 'b.yaml': other })).toEqual([
    'b.yaml:3:3 token "alice" is defined twice: here and at a.yaml:2:3',
  ]);
});

test('a token defined in two files is reported with the other problems, not once they are fixed', () => {
  const other = 'tokens:\n  alice: { status: 401 }\n  bob: { stauts: 401 }\n';
  expect(problems({ 'a.yaml': ALICE.replace('surname:', 'surnmae:'), 'b.yaml': other })).toEqual([
    'a.yaml:6:7 tokens.alice.client.surnmae is not a Client field; did you mean "surname"?',
    'b.yaml:2:3 token "alice" is defined twice: here and at a.yaml:2:3',
    'b.yaml:3:10 tokens.bob.stauts is not a scenario entry field; did you mean "status"?',
  ]);
});

test('problems are listed by file, line and column, whatever found them', () => {
  const late = 'tokens:\n  zed:\n    status: 99\n    client: []\n  alice: { status: 401 }\n';
  const early = 'tokns: {}\nfallback: { status: 404 }\n';
  // The schema checks an entry's Response fields before its control keys: client (line 4) before status (line 3).
  const files = { 'a.yaml': ALICE, 'b.yaml': early, 'c.yaml': late, 'd.yaml': 'fallback: { status: 404 }\n' };
  expect(problems(files)).toEqual([
    'b.yaml:1:1 tokns is not a scenario file field; did you mean "tokens"?',
    'c.yaml:3:13 tokens.zed.status must be an HTTP status from 200 to 599 (1xx are interim: the client would wait for an answer that never comes); got 99',
    'c.yaml:4:13 tokens.zed.client must be a Client object; got an empty list',
    'c.yaml:5:3 token "alice" is defined twice: here and at a.yaml:2:3',
    'd.yaml:1:1 fallback is defined twice: here and at b.yaml:2:1; keep one',
  ]);
});

test('a fallback defined in two files names both places', () => {
  const fb = 'fallback: { status: 404 }\n';
  expect(problems({ 'a.yaml': fb, 'b.yaml': fb })).toEqual([
    'b.yaml:1:1 fallback is defined twice: here and at a.yaml:1:1; keep one',
  ]);
});

test('every problem in every file is reported, not just the first', () => {
  const bad = ALICE.replace('surname:', 'surnmae:').replace('      firstname: Alisa\n', '');
  expect(problems({ 'a.yaml': bad, 'b.yaml': 'tokns: {}\n' })).toHaveLength(3);
});

test('an empty file is an empty set, not an error', () => {
  expect(problems({ 'empty.yaml': '' })).toEqual([]);
});
