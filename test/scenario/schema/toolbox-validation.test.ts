import { loadSet } from '../../helpers/load-set';
import { formatProblem } from '../../../src/scenario/base/problem';

function problems(text: string): string[] {
  const result = loadSet([{ file: 'toolbox.yaml', text }]);
  return (result.ok ? result.set.warnings : result.problems).map(formatProblem);
}

test.each([
  [
    'a misspelt fault name',
    'tokens:\n  a:\n    fault: rest\n',
    'toolbox.yaml:3:12 tokens.a.fault must be a fault: reset, close, hang, malformed, truncated, drip, html, empty-200, no-card; got "rest"; did you mean "reset"?',
  ],
  [
    'a misspelt fault parameter',
    'tokens:\n  a:\n    fault: { hnag: 2s }\n',
    'toolbox.yaml:3:14 tokens.a.fault.hnag is not a fault field; did you mean "hang"?',
  ],
  [
    'a fault that is neither',
    'tokens:\n  a:\n    fault: 7\n',
    'toolbox.yaml:3:12 tokens.a.fault must be a fault: reset, close, hang, malformed, truncated, drip, html, empty-200, no-card; got "7"',
  ],
  [
    'a chance above 1',
    'tokens:\n  a:\n    fault: reset\n    chance: 5\n',
    'toolbox.yaml:4:13 tokens.a.chance must be a probability from 0 to 1, e.g. 0.05; got 5',
  ],
  [
    'an unknown sequence ending',
    'tokens:\n  a:\n    sequence: [{ status: 503 }]\n    then: cycel\n',
    'toolbox.yaml:4:11 tokens.a.then must be what follows the last step: repeat-last or cycle; got "cycel"; did you mean "cycle"?',
  ],
  [
    'a step with an entry-only key',
    'tokens:\n  a:\n    sequence:\n      - { status: 503, then: cycle }\n',
    'toolbox.yaml:4:24 tokens.a.sequence[0].then is not a step field',
  ],
  [
    'an expiry with neither uses nor time',
    'tokens:\n  a:\n    expire: { after: 3x }\n',
    'toolbox.yaml:3:22 tokens.a.expire.after must be a number of uses (e.g. 3) or a time since the first request (e.g. "30s"); got "3x"',
  ],
  [
    'a misspelt lognormal key',
    'tokens:\n  a:\n    delay: { lognormal: { median: 200ms, sigmaa: 1 } }\n',
    'toolbox.yaml:3:42 tokens.a.delay.lognormal.sigmaa is not a lognormal delay field; did you mean "sigma"?',
  ],
  [
    'an unknown delay shape',
    'tokens:\n  a:\n    delay: { normal: 5 }\n',
    'toolbox.yaml:3:14 tokens.a.delay.normal is not a delay shape field; did you mean "lognormal"?',
  ],
  [
    'a uniform range backwards',
    'tokens:\n  a:\n    delay: { uniform: [2s, 1s] }\n',
    'toolbox.yaml:3:5 tokens.a.delay must have its minimum first: { uniform: [min, max] }',
  ],
  [
    'a chance with nothing to fall back to',
    'tokens:\n  a:\n    status: 503\n    chance: 0.1\n',
    'toolbox.yaml:4:5 tokens.a.chance needs a fault or an "otherwise" answer, for the requests it does not fire on',
  ],
  [
    'a response beside a sequence',
    'tokens:\n  a:\n    status: 200\n    sequence: [{ status: 503 }]\n',
    "toolbox.yaml:3:5 tokens.a.status sits beside a sequence, where it has no effect; move it into the sequence's steps",
  ],
  [
    'otherwise without chance',
    'tokens:\n  a:\n    status: 503\n    otherwise: { status: 200 }\n',
    'toolbox.yaml:4:5 warning: tokens.a.otherwise has no effect without a chance',
  ],
  [
    'then without a sequence',
    'tokens:\n  a:\n    status: 503\n    then: cycle\n',
    'toolbox.yaml:4:5 warning: tokens.a.then has no effect without a sequence',
  ],
])('%s is reported with its place', (_what, text, message) => {
  expect(problems(text)).toEqual([message]);
});

test('two files may not both define unavailable', () => {
  const result = loadSet([
    { file: 'a.yaml', text: 'unavailable: { status: 503 }\n' },
    { file: 'b.yaml', text: 'unavailable: { status: 502 }\n' },
  ]);
  expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
    'b.yaml:1:1 unavailable is defined twice: here and at a.yaml:1:1; keep one',
  ]);
});

test('a file using every toolbox key loads without problems', () => {
  const text = `
defaults: { delay: { lognormal: { median: 50ms } }, wire: typed, protocol: "1.3" }
tokens:
  all:
    sequence:
      - { fault: { drip: 1s }, chance: 0.5, otherwise: { status: 503, body: none } }
      - { fault: { hang: 5s } }
      - { fault: { html: 504 }, delay: { uniform: [0, 10ms] } }
      - { status: 200, client: { id: "1", name: N, surname: S, firstname: F, type: "0", enabled: true } }
    then: cycle
    expire: { after: 1m, answer: { status: 401, errorCode: TOKEN_EXPIRED } }
`;
  expect(problems(text)).toEqual([]);
});
