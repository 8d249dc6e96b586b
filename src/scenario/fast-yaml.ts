import { FAILSAFE_SCHEMA, load, Type } from 'js-yaml';
import { isSpace } from './is-space';
import { hasYamlLinks } from './yaml-links';

/**
 * A second YAML reader, for speed: js-yaml reads a big scenario file ~10x faster than `yaml`
 * (~60 ms against ~600 ms for 785 KB), but keeps no positions. The loader reads every file with
 * this first and parses it with `yaml` (parse-scenario-file.ts) only where a position is needed:
 * a problem to report, or a text this reader declines. What it returns must be exactly what
 * `yaml`'s `toJS()` gives for the same text; test/scenario/fast-yaml.test.ts holds the two
 * readers to that over every shipped scenario and a corpus of awkward scalars.
 */

// `yaml`'s YAML 1.2 core schema, tag for tag (node_modules/yaml/dist/schema/core): js-yaml's own
// core schema also takes `0b101`, `1_000` and `+.5e3`-style forms that `yaml` reads as strings.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

function resolveInt(text: string): number {
  if (INT_OCT.test(text)) return parseInt(text.substring(2), 8);
  if (INT_HEX.test(text)) return parseInt(text.substring(2), 16);
  return parseInt(text, 10);
}

function resolveFloat(text: string): number {
  if (!FLOAT_NAN.test(text)) return parseFloat(text);
  if (text.slice(-3).toLowerCase() === 'nan') return NaN;
  return text[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

/** Whether a plain scalar could be a number at all: most are words, and one character says so. */
function mayBeNumber(text: string): boolean {
  const c = text.charCodeAt(0);
  return (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46; // 0-9 - + .
}

const CORE_AS_YAML_READS_IT = FAILSAFE_SCHEMA.extend({
  implicit: [
    new Type('tag:yaml.org,2002:null', { kind: 'scalar', resolve: (t: string) => t.length <= 4 && NULL.test(t), construct: () => null }),
    new Type('tag:yaml.org,2002:bool', { kind: 'scalar', resolve: (t: string) => t.length <= 5 && BOOL.test(t), construct: (t: string) => t[0] === 't' || t[0] === 'T' }),
    new Type('tag:yaml.org,2002:int', { kind: 'scalar', resolve: (t: string) => mayBeNumber(t) && (INT.test(t) || INT_OCT.test(t) || INT_HEX.test(t)), construct: resolveInt }),
    new Type('tag:yaml.org,2002:float', {
      kind: 'scalar',
      resolve: (t: string) => mayBeNumber(t) && (FLOAT.test(t) || FLOAT_EXP.test(t) || FLOAT_NAN.test(t)),
      construct: resolveFloat,
    }),
  ],
});

/**
 * Besides YAML_LINKS, what the two readers could disagree on, so a text using it is left to
 * `yaml`: `__proto__`, keys that are null (`yaml` makes them "", js-yaml "null") and keys that
 * are collections or explicit (`[a]: 1`, `? a`), which the two turn into different strings.
 * Over-matching only costs speed (`key : value` is sent to `yaml`, and still read correctly).
 */
export const DISAGREEING_KEYS = /__proto__|(^|[\s{,?-])(~|null|Null|NULL)?\s*:(\s|$)|[\]}]\s*:(\s|$)|(^|\s)\?(\s|$)/m;

// DISAGREEING_KEYS in parts; the empty key, `(^|[\s{,?-])\s*:(\s|$)`, is found by hasEmptyKey.
const NULL_KEY = /(^|[\s{,?-])(~|null|Null|NULL)\s*:(\s|$)/m;
const COLLECTION_KEY = /[\]}]\s*:(\s|$)/m;
const EXPLICIT_KEY = /(^|\s)\?(\s|$)/m;

/**
 * DISAGREEING_KEYS.test(text), ~10x faster on a big file: each part runs only when a character it
 * needs is present, and the empty key, whose regex would be tried at every whitespace, is found
 * by looking at the characters around each colon.
 */
export function hasDisagreeingKeys(text: string): boolean {
  if (text.includes('__proto__') || hasEmptyKey(text)) return true;
  if ((text.includes('~') || text.includes('ull') || text.includes('ULL')) && NULL_KEY.test(text)) return true;
  if ((text.includes(']') || text.includes('}')) && COLLECTION_KEY.test(text)) return true;
  return text.includes('?') && EXPLICIT_KEY.test(text);
}

/**
 * A colon with nothing before it on its line or after an indicator (`: v`, `{ : v }`, `- : v`),
 * followed by whitespace or the end: `(^|[\s{,?-])\s*:(\s|$)`. Spaces before the colon need no
 * loop: then the character right before it is one, and a line start follows a line break.
 */
function hasEmptyKey(text: string): boolean {
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) {
    if (at + 1 < text.length && !isSpace(text.charCodeAt(at + 1))) continue;
    if (at === 0) return true;
    const before = text.charCodeAt(at - 1);
    if (isSpace(before) || before === 123 /* { */ || before === 44 /* , */ || before === 63 /* ? */ || before === 45 /* - */) return true;
  }
  return false;
}

/**
 * The data of a scenario file as `yaml` would read it, or undefined when this reader declines
 * the text or finds it broken (a syntax error, a repeated key): `yaml` then reads it and reports.
 */
export function loadPlainYaml(text: string): Record<string, unknown> | undefined {
  if (hasYamlLinks(text) || hasDisagreeingKeys(text) || hasMultilineQuoted(text)) return undefined;
  let data: unknown;
  try {
    data = load(text, { schema: CORE_AS_YAML_READS_IT });
  } catch {
    return undefined;
  }
  if (data === undefined || data === null) return {};
  return typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

/**
 * Whether a quoted scalar runs over a line end. The two readers differ in how far its next lines
 * must be indented (js-yaml takes lines `yaml` rejects), so such a text is left to `yaml`.
 */
function hasMultilineQuoted(text: string): boolean {
  // Found by searching for each quote character rather than with a regex for "an indicator, then
  // a quote", which is tried at every character of the file.
  let double = text.indexOf('"');
  let single = text.indexOf("'");
  while (double !== -1 || single !== -1) {
    const open = single === -1 || (double !== -1 && double < single) ? double : single;
    let next = open + 1;
    // A quoted scalar starts a line or follows an indicator; a quote mid-word ("it's") is text.
    if (open === 0 || isQuoteLead(text.charCodeAt(open - 1))) {
      const close = closingQuote(text, open);
      const lineEnd = text.indexOf('\n', open);
      if (close === -1 || (lineEnd !== -1 && lineEnd < close)) return true;
      next = close + 1;
    }
    if (double !== -1 && double < next) double = text.indexOf('"', next);
    if (single !== -1 && single < next) single = text.indexOf("'", next);
  }
  return false;
}

/** What may come right before a quoted scalar's opening quote: `[\s:[{,-]`. */
function isQuoteLead(code: number): boolean {
  return isSpace(code) || code === 58 /* : */ || code === 91 /* [ */ || code === 123 /* { */ || code === 44 /* , */ || code === 45 /* - */;
}

/** The index of the quote closing the scalar opened at `open` (`\\"` and `''` are escapes), or -1. */
function closingQuote(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i += 1) {
    const c = text[i];
    if (quote === '"' && c === '\\') i += 1;
    else if (c === quote) {
      if (quote === "'" && text[i + 1] === "'") i += 1;
      else return i;
    }
  }
  return -1;
}
