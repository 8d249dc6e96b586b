/**
 * How `yaml`'s YAML 1.2 core schema reads a plain scalar, tag for tag
 * (node_modules/yaml/dist/schema/core), for quick-yaml.ts. Other readers' core schemas differ:
 * js-yaml's also takes `0b101`, `1_000` and `+.5e3`, which `yaml` reads as strings.
 */
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

function isCoreNull(text: string): boolean {
  return text.length <= 4 && NULL.test(text);
}

function isCoreBool(text: string): boolean {
  return text.length <= 5 && BOOL.test(text);
}

function coreBool(text: string): boolean {
  return text[0] === 't' || text[0] === 'T';
}

function isCoreInt(text: string): boolean {
  return mayBeNumber(text) && (INT.test(text) || INT_OCT.test(text) || INT_HEX.test(text));
}

function isCoreFloat(text: string): boolean {
  return mayBeNumber(text) && (FLOAT.test(text) || FLOAT_EXP.test(text) || FLOAT_NAN.test(text));
}

function coreInt(text: string): number {
  if (INT_OCT.test(text)) return parseInt(text.substring(2), 8);
  if (INT_HEX.test(text)) return parseInt(text.substring(2), 16);
  return parseInt(text, 10);
}

function coreFloat(text: string): number {
  if (!FLOAT_NAN.test(text)) return parseFloat(text);
  if (text.slice(-3).toLowerCase() === 'nan') return NaN;
  return text[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

/** A plain scalar's value: null, a boolean, a number, or the text itself. */
export function corePlain(text: string): unknown {
  if (mayBeNumber(text)) {
    if (isCoreInt(text)) return coreInt(text);
    if (isCoreFloat(text)) return coreFloat(text);
    return text;
  }
  // Only these first characters can begin null or a boolean: most scalars are ruled out by one.
  const c = text.charCodeAt(0);
  if (c === 110 || c === 78 || c === 126 || text.length === 0) return isCoreNull(text) ? null : text; // n N ~
  if (c === 116 || c === 84 || c === 102 || c === 70) return isCoreBool(text) ? coreBool(text) : text; // t T f F
  return text;
}

/** Whether a plain scalar could be a number at all: most are words, and one character says so. */
function mayBeNumber(text: string): boolean {
  const c = text.charCodeAt(0);
  return (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46; // 0-9 - + .
}
