/**
 * Card text as UTF-8 bytes held in a one-byte string, one character per byte ("Ж" is "\xd0\x96").
 * Why: a card's JSON is ~200 pieces of mostly Cyrillic text; as two-byte strings it costs ~6 µs
 * to flatten and UTF-8 encode per card, as byte strings a copy (Buffer.from(json, 'latin1')).
 * JSON escaping is the same on bytes: quotes, backslashes and control characters are ASCII, and
 * no byte of a multi-byte UTF-8 character is below 0x80. Words are encoded once, when a
 * population is created; a card only concatenates them.
 */
export type ByteText = string;

const NON_ASCII = /[^\x00-\x7f]/;

/** `text` as a byte string (ASCII text is its own). */
export function toBytes(text: string): ByteText {
  return NON_ASCII.test(text) ? Buffer.from(text, 'utf8').toString('latin1') : text;
}

/** The text a byte string holds. */
export function fromBytes(bytes: ByteText): string {
  return NON_ASCII.test(bytes) ? Buffer.from(bytes, 'latin1').toString('utf8') : bytes;
}

const ESCAPED = /["\\\u0000-\u001f]/;

/** Whether JSON writes `text` as it is between quotes (no quote, backslash or control character). */
export function isPlain(text: string): boolean {
  return !ESCAPED.test(text);
}

/** The first character of a byte string (its lead byte and continuation bytes). */
export function firstChar(bytes: ByteText): ByteText {
  const lead = bytes.charCodeAt(0);
  return bytes.slice(0, lead < 0xc0 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4);
}

/** A copy of a card's object form with every string (keys too) decoded from bytes. */
export function decodeTexts(value: unknown): unknown {
  if (typeof value === 'string') return fromBytes(value);
  if (Array.isArray(value)) return value.map(decodeTexts);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[fromBytes(key)] = decodeTexts(item);
  return out;
}

/** `derive` memoised per byte string: for words drawn from fixed lists, derived once each, not once per card. */
export function memoised(derive: (bytes: ByteText) => ByteText, limit = 50_000): (bytes: ByteText) => ByteText {
  const known = new Map<ByteText, ByteText>();
  return (bytes) => {
    let out = known.get(bytes);
    if (out === undefined) {
      // Words faker composes (locales without lists) are unbounded; a full memo starts over.
      if (known.size >= limit) known.clear();
      out = derive(bytes);
      known.set(bytes, out);
    }
    return out;
  };
}
