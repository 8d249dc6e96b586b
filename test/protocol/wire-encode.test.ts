import { createWireEncoder, type WireOptions } from '../../src/protocol/wire-encode';

const STRINGS: WireOptions = { version: '1.4', modules: ['auth-b-api'], wire: 'strings' };

test('escapes exactly as JSON.stringify: quotes, backslashes, control characters, lone surrogates', () => {
  const encoder = createWireEncoder(STRINGS);
  const odd = [
    'say "hi"',
    'C:\\dir',
    'tab\there',
    'line\nbreak',
    '\u0000\u001f',
    'lone \ud800 high',
    'pair 😀',
    '\u2028',
    'ёжик «ООО»',
  ];
  for (const text of odd) {
    const client = { id: text, name: text, enabled: text, fields: { [text]: text, 10: 1, a: true } };
    const wire = { id: text, name: text, enabled: text, fields: { 10: '1', [text]: text, a: 'true' } };
    expect(encoder.json('Client', client)).toBe(JSON.stringify(wire));
  }
});

test("keeps the author's key order and leaves out what is not a served field", () => {
  const old: WireOptions = { version: '1.0', modules: ['retail'], wire: 'strings' };
  const response = {
    errorText: 'no',
    companyList: [{ inn: 1 }],
    client: { surname: 'A', id: 7, extra: 'x' },
    errorCode: 'E',
    other: 1,
  };
  expect(createWireEncoder(STRINGS).json('Response', response)).toBe(
    '{"errorText":"no","companyList":[{"inn":"1"}],"client":{"surname":"A","id":"7"},"errorCode":"E"}',
  );
  expect(createWireEncoder(old).json('Response', response)).toBe(
    '{"errorText":"no","client":{"surname":"A","id":"7"},"errorCode":"E"}',
  );
  expect(createWireEncoder(STRINGS).served('Response', 'companyList')).toBe(true);
  expect(createWireEncoder(old).served('Response', 'companyList')).toBe(false);
});
