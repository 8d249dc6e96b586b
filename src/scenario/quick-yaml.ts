import { corePlain } from './core-scalars';
import { checkedKey, decline, DECLINED, isPlainStart, MAX_DEPTH, plainKey, readFlowNode, readQuoted, restIsComment, type Cursor } from './quick-yaml-scalars';

/**
 * A second YAML reader, for speed, for the shape nearly every scenario file has (every shipped
 * example, every `auth-sim generate` output): block mappings and sequences, one-line scalars
 * (plain, single- or double-quoted), one-line flow collections and comments. It reads 785 KB in
 * ~40 ms cold and ~8 ms warm, where `yaml` takes ~600, but keeps no positions: the loader parses
 * with `yaml` (parse-scenario-file.ts) only where a position is needed. Anything else (block
 * scalars, multi-line scalars or flows, anchors, tags, merge keys, documents, tabs, repeated
 * keys, odd indentation...) makes it decline, and `yaml` reads the text. What it returns must be
 * exactly what `yaml`'s `toJS()` gives; test/scenario/quick-yaml.test.ts holds it to that with a
 * corpus and a mutation fuzzer.
 *
 * A first start runs it before the JIT has warmed up, which is why it is one loop over the lines
 * with an explicit stack rather than a recursive descent: V8 optimises a hot loop while it runs,
 * but each of a dozen small recursive functions only after it has been called often enough, and
 * the recursive version took ~45 ms cold for 785 KB against ~8 ms warm.
 */
export function readQuickYaml(text: string): Record<string, unknown> | undefined {
  if (OUTSIDE_SUBSET.test(text)) return undefined;
  try {
    return readBlocks(text);
  } catch (error) {
    if (error === DECLINED) return undefined;
    throw error;
  }
}

/** Tabs, carriage returns, a byte-order mark, other control characters and Unicode line breaks. */
const OUTSIDE_SUBSET = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/;

/** A block collection being filled: a mapping or a sequence, and the column its entries start at. */
interface Block {
  readonly indent: number;
  readonly map: Record<string, unknown> | null;
  readonly items: unknown[] | null;
}

/** No line is deeper than this: set after a one-line value, whose next lines may not be more indented. */
const ANY = Number.MAX_SAFE_INTEGER;

function readBlocks(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const stack: Block[] = [{ indent: 0, map: root, items: null }];
  // A key or dash with nothing after it on its line: its value is decided by the next content line.
  let pendingIn: Block | null = null;
  let pendingKey = '';
  let deepest = ANY;
  for (let line = 0; line < text.length; ) {
    let end = text.indexOf('\n', line);
    if (end === -1) end = text.length;
    let start = line;
    while (text.charCodeAt(start) === 32) start++;
    let indent = start - line;
    line = end + 1;
    if (start === end) continue;
    if (indent > deepest) decline(); // a one-line value continued on the next line: a multi-line scalar or an error
    deepest = ANY;
    if (text.charCodeAt(start) === 35 /* # */) continue;
    if (indent === 0 && (text.startsWith('---', start) || text.startsWith('...', start))) decline();
    let isItem = text.charCodeAt(start) === 45 /* - */ && (start + 1 === end || text.charCodeAt(start + 1) === 32);

    if (pendingIn !== null) {
      let value: Block | null = null;
      if (indent > pendingIn.indent || (indent === pendingIn.indent && isItem && pendingIn.map !== null)) {
        value = isItem ? { indent, map: null, items: [] } : { indent, map: {}, items: null };
        if (stack.length === MAX_DEPTH) decline();
        stack.push(value);
      }
      const held = value === null ? null : value.map ?? value.items;
      if (pendingIn.map !== null) pendingIn.map[pendingKey] = held;
      else pendingIn.items!.push(held);
      pendingIn = null;
    }

    let top = stack[stack.length - 1];
    while (top.indent > indent) top = popTo(stack);
    if (top.indent !== indent) decline();
    if (top.items !== null && !isItem) {
      // `key:` then `- item` at the key's own column: the sequence ends where the mapping goes on.
      top = popTo(stack);
      if (top.indent !== indent || top.map === null) decline();
    }

    for (;;) {
      if (top.items !== null) {
        let rest = start + 1;
        while (text.charCodeAt(rest) === 32) rest++;
        if (rest >= end || text.charCodeAt(rest) === 35 /* # */) {
          pendingIn = top;
          break;
        }
        if (text.charCodeAt(rest) === 45 && (rest + 1 === end || text.charCodeAt(rest + 1) === 32)) decline(); // `- - x`
        if (keyEnd(text, rest, end) === -1) {
          top.items.push(inlineValue(text, rest, end, stack.length));
          deepest = indent;
          break;
        }
        // `- key: value`: a mapping whose column is the key's; the rest of this line is its first entry.
        const map: Record<string, unknown> = {};
        top.items.push(map);
        indent += rest - start;
        start = rest;
        isItem = false;
        top = { indent, map, items: null };
        if (stack.length === MAX_DEPTH) decline();
        stack.push(top);
        continue;
      }
      if (isItem) decline(); // a sequence entry where a mapping goes on
      const map = top.map!;
      const colon = keyEnd(text, start, end);
      if (colon === -1) decline();
      const key = readKey(text, start, colon, end);
      if (Object.prototype.hasOwnProperty.call(map, key)) decline();
      let value = colon + 1;
      while (text.charCodeAt(value) === 32) value++;
      if (value >= end || text.charCodeAt(value) === 35 /* # */) {
        pendingIn = top;
        pendingKey = key;
      } else {
        map[key] = inlineValue(text, value, end, stack.length);
        deepest = indent;
      }
      break;
    }
  }
  if (pendingIn !== null) {
    if (pendingIn.map !== null) pendingIn.map[pendingKey] = null;
    else pendingIn.items!.push(null);
  }
  return root;
}

/** Drops the innermost collection; the root never closes. */
function popTo(stack: Block[]): Block {
  if (stack.length === 1) decline();
  stack.pop();
  return stack[stack.length - 1];
}

/** A value on its key's (or dash's) line, from `at` to the line's `end`. */
function inlineValue(text: string, at: number, end: number, depth: number): unknown {
  const first = text.charCodeAt(at);
  if (first === 34 /* " */ || first === 39 /* ' */ || first === 91 /* [ */ || first === 123 /* { */) {
    const cursor: Cursor = { text, at, end, depth };
    const value = first === 34 || first === 39 ? readQuoted(cursor) : readFlowNode(cursor);
    if (!restIsComment(text, cursor.at, end)) decline();
    return value;
  }
  return corePlain(blockPlain(text, at, end));
}

/** The colon ending an implicit key on this line (`key: ` or `key:` at the line's end), or -1. */
function keyEnd(text: string, start: number, end: number): number {
  const first = text.charCodeAt(start);
  if (first === 91 /* [ */ || first === 123 /* { */) return -1; // a flow collection: a value here, never a key
  if (first === 34 /* " */ || first === 39 /* ' */) {
    const cursor: Cursor = { text, at: start, end, depth: 0 };
    readQuoted(cursor);
    return text.charCodeAt(cursor.at) === 58 && isBreak(text, cursor.at + 1, end) ? cursor.at : -1;
  }
  // Searched within the line: a search of the whole text could run to its end on every line.
  const line = text.slice(start, end);
  for (let at = line.indexOf(':'); at !== -1; at = line.indexOf(':', at + 1)) {
    if (isBreak(text, start + at + 1, end)) return start + at;
  }
  return -1;
}

function isBreak(text: string, at: number, end: number): boolean {
  return at === end || text.charCodeAt(at) === 32;
}

/** A mapping key as `yaml` makes it a property name; declines keys it would treat apart. */
function readKey(text: string, start: number, colon: number, end: number): string {
  const first = text.charCodeAt(start);
  if (first === 34 || first === 39) return checkedKey(readQuoted({ text, at: start, end, depth: 0 }));
  const key = text.slice(start, colon);
  if (!isPlainStart(text, start, end) || KEY_OUTSIDE_SUBSET.test(key)) decline();
  return checkedKey(plainKey(key));
}

/** Keys with flow indicators, a comment or trailing spaces: legal, rare, and read by `yaml`. */
const KEY_OUTSIDE_SUBSET = /[[\]{},]| #| $/;

/** A plain scalar in block context: up to a comment, with no `: ` inside (that would be a key). */
function blockPlain(text: string, start: number, end: number): string {
  if (!isPlainStart(text, start, end)) decline();
  let value = text.slice(start, end);
  const comment = value.indexOf(' #');
  let last = comment === -1 ? value.length : comment;
  while (value.charCodeAt(last - 1) === 32) last--; // spaces only: `trimEnd` would take Unicode spaces `yaml` keeps
  if (last !== value.length) value = value.slice(0, last);
  if (value.includes(': ') || value.charCodeAt(last - 1) === 58 /* : */) decline();
  return value;
}
