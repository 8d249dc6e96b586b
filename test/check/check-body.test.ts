import { checkAnswer } from '../../src/check/check-answer';
import type { Outcome } from '../../src/check/fetch-answer';
import { formatFinding } from '../../src/check/finding';
import { DEFAULT_WIRE_OPTIONS, type WireOptions } from '../../src/protocol/wire-encode';

const CLIENT = { id: '1', name: 'N', surname: 'S', firstname: 'F', type: '0', enabled: 'true' };

function answer(body: unknown, status = 200, type = 'application/json'): Outcome {
  return {
    kind: 'answer',
    status,
    headers: new Headers({ 'content-type': type }),
    bytes: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    ms: 1,
  };
}

function lines(outcome: Outcome, wire: Partial<WireOptions> = {}): string[] {
  return checkAnswer(outcome, 'known', { ...DEFAULT_WIRE_OPTIONS, ...wire }, 5000).map((f) =>
    formatFinding({ ...f, token: 't', method: 'GET' }),
  );
}

describe('checking one answer against the field table', () => {
  it.each<[string, Outcome, Partial<WireOptions>, string[]]>([
    ['a clean card', answer({ client: CLIENT }), {}, []],
    [
      'a field newer than --protocol',
      answer({ client: { ...CLIENT, betaUser: 'true' } }),
      { version: '1.2' },
      ['t GET client.betaUser: introduced in protocol 1.3; checking protocol 1.2 (--protocol)'],
    ],
    [
      'companyList without a company module',
      answer({ client: CLIENT, companyList: [] }),
      { modules: ['retail'] },
      [
        't GET companyList: sent only with a module that processes companies (auth-b-api or corporate); checking --modules retail',
      ],
    ],
    [
      'a typed card under --wire typed',
      answer({ client: { ...CLIENT, enabled: true }, companyList: [{ id: 7, enabled: false }] }),
      { wire: 'typed' },
      [],
    ],
    [
      'a string Boolean under --wire typed',
      answer({ client: CLIENT }),
      { wire: 'typed' },
      ['t GET client.enabled: must be a JSON boolean (--wire typed); got "true"'],
    ],
    [
      'a Long that is no number',
      answer({ client: { ...CLIENT, group: [{ id: 'ten' }] } }),
      {},
      ['t GET client.group[0].id: must be a whole number; got "ten"'],
    ],
    [
      'a deprecated map of numbers',
      answer({ client: { ...CLIENT, fields: { a: 1 } } }),
      {},
      [
        't GET client.fields: warning: deprecated; use fieldList instead',
        't GET client.fields.a: must be a JSON string; got 1 (a JSON number)',
      ],
    ],
    ['no client in a 200', answer({ errorCode: 'X' }), {}, ['t GET: a 200 answer carries no client']],
    [
      'a 200 that is not JSON',
      answer('{"client":', 200),
      {},
      [expect.stringMatching(/^t GET: the body is not JSON: /) as unknown as string],
    ],
    [
      'a 200 as text/plain',
      answer({ client: CLIENT }, 200, 'text/plain'),
      {},
      ['t GET: a 200 must be application/json; got text/plain'],
    ],
    [
      'an error with a numeric errorCode',
      answer({ errorCode: 404 }, 404),
      {},
      ['t GET errorCode: must be a JSON string; got 404 (a JSON number)'],
    ],
    ['an error with no body', answer('', 503, ''), {}, []],
    [
      'identifiers with wrong check digits',
      answer({
        client: {
          ...CLIENT,
          inn: '7707083894',
          accountNumbers: '40817810099910004312',
          bankBranch: { bik: '044525225' },
        },
        companyList: [{ id: '1', ogrn: '1027700132194', kpp: '77360100' }],
      }),
      {},
      [
        't GET client.inn: warning: "7707083894" is not a valid INN (10 or 12 digits with correct check digits)',
        't GET client.accountNumbers: warning: "40817810099910004312" not a valid account number (20 digits with a correct key for BIK 044525225)',
        't GET companyList[0].kpp: warning: "77360100" is not a valid KPP (9 characters: 4 digits, 2 digits or capitals, 3 digits)',
        't GET companyList[0].ogrn: warning: "1027700132194" is not a valid OGRN (13 digits) or OGRNIP (15 digits) with a correct check digit',
      ],
    ],
  ])('%s', (_name, outcome, wire, expected) => {
    expect(lines(outcome, wire)).toEqual(expected);
  });
});
