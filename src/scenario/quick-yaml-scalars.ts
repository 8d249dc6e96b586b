import { corePlain } from './core-scalars';

/**
 * The pieces quick-yaml.ts reads within one line: quoted scalars and flow collections. Each
 * reads from a cursor, moves it past what it read, and never looks past the line's end.
 */
export interface Cursor {
  readonly text: string;
  at: number;
  /** Where the line ends (its line break, or the text's end). */
  readonly end: number;
  /** Collections open around the cursor: deep nesting is left to `yaml`, which reports it. */
  depth: number;
}

/** Thrown when the text leaves quick-yaml's subset; readQuickYaml turns it into undefined. */
export const DECLINED = Symbol('quick-yaml declines this text');
export function decline(): never {
  throw DECLINED;
}

/** Deeper collections are declined, far below where `yaml` reports running out of stack (~900). */
export const MAX_DEPTH = 64;

/** A single- or double-quoted scalar closed on its line, as `yaml` reads it. */
export function readQuoted(cursor: Cursor): string {
  return cursor.text.charCodeAt(cursor.at) === 39 /* ' */ ? readSingleQuoted(cursor) : readDoubleQuoted(cursor);
}

/** `''` is the only escape. */
function readSingleQuoted(cursor: Cursor): string {
  const text = cursor.text;
  let value = '';
  for (let from = cursor.at + 1; ; ) {
    const close = text.indexOf("'", from);
    if (close === -1 || close >= cursor.end) decline();
    if (text.charCodeAt(close + 1) !== 39) {
      cursor.at = close + 1;
      return value + text.slice(from, close);
    }
    value += text.slice(from, close + 1);
    from = close + 2;
  }
}

/** YAML's double-quoted escapes include all of JSON's, with the same meaning; any other is declined. */
const JSON_ESCAPES_ONLY = /^(?:[^\\]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*$/;

function readDoubleQuoted(cursor: Cursor): string {
  const text = cursor.text;
  for (let from = cursor.at + 1; ; ) {
    const close = text.indexOf('"', from);
    if (close === -1 || close >= cursor.end) decline();
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 1) {
      from = close + 1;
      continue;
    }
    const body = text.slice(cursor.at + 1, close);
    cursor.at = close + 1;
    if (!body.includes('\\')) return body;
    if (!JSON_ESCAPES_ONLY.test(body)) decline();
    return JSON.parse(`"${body}"`) as string;
  }
}

/** Whether only spaces, then the line's end or a comment (after at least one space), follow `at`. */
export function restIsComment(text: string, at: number, end: number): boolean {
  let next = at;
  while (text.charCodeAt(next) === 32) next++;
  return next >= end || (next > at && text.charCodeAt(next) === 35 /* # */);
}

/** A node inside a flow collection (or one starting a value): a collection, a quoted or a plain scalar. */
export function readFlowNode(cursor: Cursor): unknown {
  skipSpaces(cursor);
  const first = cursor.text.charCodeAt(cursor.at);
  if (first === 91 /* [ */) return readFlowSequence(cursor);
  if (first === 123 /* { */) return readFlowMapping(cursor);
  if (first === 34 /* " */ || first === 39 /* ' */) return readQuoted(cursor);
  return corePlain(readFlowPlain(cursor));
}

function readFlowSequence(cursor: Cursor): unknown[] {
  const items: unknown[] = [];
  if (++cursor.depth > MAX_DEPTH) decline();
  cursor.at++;
  skipSpaces(cursor);
  if (cursor.text.charCodeAt(cursor.at) === 93 /* ] */) cursor.at++;
  else {
    do items.push(readFlowNode(cursor));
    while (!afterFlowEntry(cursor, 93 /* ] */));
  }
  cursor.depth--;
  return items;
}

function readFlowMapping(cursor: Cursor): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  if (++cursor.depth > MAX_DEPTH) decline();
  const text = cursor.text;
  cursor.at++;
  skipSpaces(cursor);
  if (text.charCodeAt(cursor.at) === 125 /* } */) cursor.at++;
  else {
    do {
      const first = text.charCodeAt(cursor.at);
      const key = checkedKey(first === 34 || first === 39 ? readQuoted(cursor) : plainKey(readFlowPlain(cursor)));
      // `key: value` only: `key:value`, `key :` and a missing value are left to `yaml`.
      if (text.charCodeAt(cursor.at) !== 58 /* : */ || text.charCodeAt(cursor.at + 1) !== 32) decline();
      cursor.at += 2;
      skipSpaces(cursor);
      const next = text.charCodeAt(cursor.at);
      if (next === 44 /* , */ || next === 125 /* } */ || Object.prototype.hasOwnProperty.call(map, key)) decline();
      map[key] = readFlowNode(cursor);
    } while (!afterFlowEntry(cursor, 125 /* } */));
  }
  cursor.depth--;
  return map;
}

/** After an entry: `,` and another entry (false), or the closing bracket (true); a trailing comma is declined. */
function afterFlowEntry(cursor: Cursor, closing: number): boolean {
  skipSpaces(cursor);
  const next = cursor.text.charCodeAt(cursor.at);
  cursor.at++;
  if (next === closing) return true;
  if (next !== 44 /* , */) decline();
  skipSpaces(cursor);
  if (cursor.text.charCodeAt(cursor.at) === closing) decline();
  return false;
}

/** A plain key as `yaml` names the property: its scalar's value as a string (never null). */
export function plainKey(text: string): string {
  const value = corePlain(text);
  if (value === null) decline();
  return typeof value === 'string' ? value : String(value);
}

/** Longer implicit keys are an error to `yaml`. */
const MAX_KEY = 1000;

/** Keys `yaml` treats apart (the prototype, merge keys) or rejects (too long) are declined. */
export function checkedKey(key: string): string {
  if (key.length > MAX_KEY || key === '__proto__' || key === '<<') decline();
  return key;
}

/** A plain scalar in a flow: up to a flow indicator or `: `; the flow must close on this line. */
function readFlowPlain(cursor: Cursor): string {
  const { text, end } = cursor;
  const start = cursor.at;
  if (!isPlainStart(text, start, end)) decline();
  let at = start;
  for (; at < end; at++) {
    const code = text.charCodeAt(at);
    if (isFlowIndicator(code)) break;
    if (code === 58 /* : */ && (at + 1 === end || text.charCodeAt(at + 1) === 32 || isFlowIndicator(text.charCodeAt(at + 1)))) break;
    if (code === 35 /* # */ && text.charCodeAt(at - 1) === 32) decline(); // a comment: the flow goes on on another line
  }
  if (at === end) decline();
  let last = at;
  while (text.charCodeAt(last - 1) === 32) last--;
  cursor.at = last;
  return text.slice(start, last);
}

/**
 * Whether a plain scalar may start at `at`: not with an indicator, except `-`, `?` or `:`
 * followed by a character that is neither a space nor a flow indicator (`-5`, `:x`).
 */
export function isPlainStart(text: string, at: number, end: number): boolean {
  if (at >= end) return false;
  const first = text.charCodeAt(at);
  if (first === 45 /* - */ || first === 63 /* ? */ || first === 58 /* : */) {
    const next = text.charCodeAt(at + 1);
    return at + 1 < end && next !== 32 && !isFlowIndicator(next);
  }
  return !INDICATORS.includes(text[at]);
}

const INDICATORS = ',[]{}#&*!|>\'"%@`';

function isFlowIndicator(code: number): boolean {
  return code === 44 || code === 91 || code === 93 || code === 123 || code === 125; // , [ ] { }
}

function skipSpaces(cursor: Cursor): void {
  while (cursor.text.charCodeAt(cursor.at) === 32) cursor.at++;
}
