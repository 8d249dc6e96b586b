import { decodeTexts, firstChar, fromBytes, toBytes } from '../../src/synth/byte-text';

const TEXTS = ['Ёжиков Щ. Ю.', 'ascii only', 'Müller «ООО» 😀', '', 'say "hi" \\ tab\t \u0000 \u2028'];

test('a byte string holds the UTF-8 bytes of its text and decodes back to it', () => {
  for (const text of TEXTS) {
    expect(Buffer.from(toBytes(text), 'latin1')).toEqual(Buffer.from(text, 'utf8'));
    expect(fromBytes(toBytes(text))).toBe(text);
  }
});

test('JSON-escaping the bytes gives the bytes of the escaped text, so cards can be written as bytes', () => {
  for (const text of TEXTS) expect(Buffer.from(JSON.stringify(toBytes(text)), 'latin1')).toEqual(Buffer.from(JSON.stringify(text), 'utf8'));
});

test('firstChar takes the whole first character, whatever its byte length', () => {
  expect(['Ж', 'a', '€', '😀'].map((c) => fromBytes(firstChar(toBytes(`${c}xyz`))))).toEqual(['Ж', 'a', '€', '😀']);
});

test('decodeTexts decodes every string and key of an object form, nested', () => {
  const bytes = { [toBytes('Сегмент')]: toBytes('МСБ'), list: [{ name: toBytes('Ёж'), n: 1, ok: true }] };
  expect(decodeTexts(bytes)).toEqual({ Сегмент: 'МСБ', list: [{ name: 'Ёж', n: 1, ok: true }] });
});
