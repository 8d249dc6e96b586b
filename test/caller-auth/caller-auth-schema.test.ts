import { loadSet } from '../helpers/load-set';
import { formatProblem } from '../../src/scenario/base/problem';

/** Loads one file and returns the formatted problems, or [] if it loaded. */
function problems(text: string): string[] {
  const result = loadSet([{ file: 'a.yaml', text }]);
  return result.ok ? [] : result.problems.map(formatProblem);
}

const TOKENS = 'tokens:\n  alice: { status: 204, body: none }\n';
const FORMS = 'a caller credential: basic:USER:PASSWORD, bearer:TOKEN or header:NAME=VALUE';

test.each([
  ['one credential', 'defaults:\n  callerAuth: basic:chat:s3cret\n'],
  ['a list of them', 'defaults:\n  callerAuth:\n    - bearer:abc\n    - header:X-Api-Key=k\n'],
  ['a refusal of its own', 'callerAuthFailed: { status: 403, errorCode: FORBIDDEN, errorText: no }\n'],
  ['a refusal that resets the connection', 'callerAuthFailed: { fault: reset }\n'],
])('%s loads', (_case, text) => {
  expect(problems(`${TOKENS}${text}`)).toEqual([]);
});

test.each([
  [
    'a misspelt defaults key, with a suggestion',
    'defaults:\n  callerAtuh: bearer:abc\n',
    ['a.yaml:4:3 defaults.callerAtuh is not a defaults field; did you mean "callerAuth"?'],
  ],
  [
    'a misspelt top-level key, with a suggestion',
    'callerAuthFaild: { status: 403 }\n',
    ['a.yaml:3:1 callerAuthFaild is not a scenario file field; did you mean "callerAuthFailed"?'],
  ],
  [
    'a misspelt key in the refusal',
    'callerAuthFailed: { statsu: 403 }\n',
    ['a.yaml:3:21 callerAuthFailed.statsu is not a scenario entry field; did you mean "status"?'],
  ],
  [
    'a credential of no known form, its value not shown',
    'defaults:\n  callerAuth: basci:chat:T0pSecret\n',
    [`a.yaml:4:15 defaults.callerAuth must be ${FORMS}; the value is not shown, it may hold a secret`],
  ],
  [
    'a basic credential without a password, in a list',
    'defaults:\n  callerAuth: [bearer:ok, "basic:chat"]\n',
    [`a.yaml:4:27 defaults.callerAuth[1] must be ${FORMS}; the value is not shown, it may hold a secret`],
  ],
  ['a refusal defined in two files', 'callerAuthFailed: { status: 403 }\n', null],
])('%s', (_case, text, expected) => {
  if (expected === null) {
    const result = loadSet([
      { file: 'a.yaml', text: `${TOKENS}${text}` },
      { file: 'b.yaml', text },
    ]);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      'b.yaml:1:1 callerAuthFailed is defined twice: here and at a.yaml:3:1; keep one',
    ]);
    return;
  }
  const found = problems(`${TOKENS}${text}`);
  expect(found).toEqual(expected);
  expect(found.join('\n')).not.toContain('T0pSecret');
});
