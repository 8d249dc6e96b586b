/** A line indented where nothing of its kind stands, said in words, at the line to fix. */
export interface IndentationMistake {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  /** The line before it that holds anything: the parser may report the mistake there (a key under a sibling's value). */
  readonly lineBefore: number;
}

/** One open block collection: a map's keys or a list's items all start at `indent`. */
interface Level {
  readonly indent: number;
  readonly kind: 'map' | 'seq';
  /** Whether the last key or item of this level has nothing on its line yet, so a deeper line is its value. */
  open: boolean;
  /** The last key (or item) written at this level, and its line: the sibling a message names. */
  name: string;
  line: number;
}

/** What a line begins with: a list item's dash or a key, at its column. */
interface Opener {
  readonly kind: 'map' | 'seq';
  readonly column: number;
  readonly name: string;
  readonly open: boolean;
}

/** The reader could not follow the text (a flow collection or quoted scalar over lines, an explicit key): no diagnosis. */
const LOST = Symbol('lost');

/**
 * The first line of a YAML text whose indentation matches none of the collections open above it,
 * with the indentation its siblings use. The `yaml` library reports such a line as BAD_INDENT
 * ("All mapping items must start at the same column"), or, for a key indented deeper than a
 * sibling whose value is on its line, as an implicit key running over two lines, placed at that
 * sibling's value a line early. Written by hand: neither `yaml` nor js-yaml (nor yaml-lint, which
 * wraps js-yaml) says which indentation was expected; eslint-plugin-yml's indent rule needs a
 * text that parses. Undefined when every line lines up, or when the text holds what this line
 * reader does not follow (the caller keeps the parser's own messages then).
 */
export function findIndentationMistake(text: string): IndentationMistake | undefined {
  const stack: Level[] = [];
  let blockScalarAbove: number | undefined;
  const lines = text.split('\n');
  let lineBefore = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].replace(/\r$/, '');
    const indent = raw.length - raw.replace(/^ +/, '').length;
    const blank = /^\s*(#.*)?$/.test(raw);
    if (blockScalarAbove !== undefined && (blank || indent > blockScalarAbove)) continue;
    blockScalarAbove = undefined;
    if (blank || raw.startsWith('%')) continue;
    if (/^(---|\.\.\.)(\s|$)/.test(raw)) {
      stack.length = 0;
      continue;
    }
    if (raw[indent] === '\t') return undefined;
    const read = readOpeners(raw, indent);
    if (read === LOST) return undefined;
    const { openers, blockScalar } = read;
    if (blockScalar !== undefined) blockScalarAbove = blockScalar;
    const top = stack[stack.length - 1];
    if (openers.length === 0) {
      // A scalar on a line of its own: a value under an open key, or a plain scalar's next line.
      if (top && indent > top.indent) {
        top.open = false;
        lineBefore = i + 1;
        continue;
      }
      return undefined;
    }
    const first = openers[0];
    const verdict = place(stack, first, i + 1, raw.trim());
    if (verdict === LOST) return undefined;
    if (verdict) return { ...verdict, lineBefore };
    for (const opener of openers.slice(1)) push(stack, opener, i + 1);
    lineBefore = i + 1;
  }
  return undefined;
}

/** Puts a line's first opener on the stack, or says why it cannot stand where it is. */
type Verdict = Omit<IndentationMistake, 'lineBefore'> | typeof LOST | undefined;

function place(stack: Level[], first: Opener, line: number, written: string): Verdict {
  const top = stack[stack.length - 1];
  if (!top || first.column > top.indent) {
    if (!top || top.open) return push(stack, first, line);
    if (first.kind === 'map' && top.kind === 'map') return mistake(first, line, written, top);
    return LOST;
  }
  const before = [...stack];
  while (stack.length > 0) {
    const level = stack[stack.length - 1];
    const compactList = level.indent === first.column && level.kind === 'map' && first.kind === 'seq' && level.open;
    if (level.indent < first.column || compactList || (level.indent === first.column && level.kind === first.kind))
      break;
    stack.pop();
  }
  const level = stack[stack.length - 1];
  if (level && level.indent === first.column && level.kind === first.kind) {
    Object.assign(level, { open: first.open, name: first.name, line });
    return undefined;
  }
  if (level && level.indent === first.column) return push(stack, first, line);
  const siblings = before.filter((l) => l.kind === first.kind);
  if (siblings.length === 0)
    return strayKind(
      first,
      line,
      before.find((l) => l.indent === first.column),
      written,
    );
  const gap = (l: Level) => Math.abs(l.indent - first.column);
  const nearest = Math.min(...siblings.map(gap));
  // Deepest first: between two, the line above it is the likelier sibling.
  const [closest, alsoClose] = siblings.filter((l) => gap(l) === nearest).reverse();
  return mistake(first, line, written, closest, alsoClose);
}

function push(stack: Level[], opener: Opener, line: number): undefined {
  const parent = stack[stack.length - 1];
  if (parent) parent.open = false;
  stack.push({ indent: opener.column, kind: opener.kind, open: opener.open, name: opener.name, line });
  return undefined;
}

function mistake(first: Opener, line: number, written: string, sibling: Level, alsoClose?: Level): Verdict {
  const what = first.kind === 'map' ? JSON.stringify(first.name) : `list item ${JSON.stringify(shorten(written))}`;
  const head = `bad indentation: ${what} is indented ${spaces(first.column)}`;
  const message = alsoClose
    ? `${head} where the ${first.kind === 'map' ? 'keys' : 'items'} above it use ${sibling.indent} (${nameOf(sibling)}) or ${alsoClose.indent} (${nameOf(alsoClose)}); line it up with the one it belongs with`
    : `${head} where its siblings use ${sibling.indent}; line it up with ${nameOf(sibling)}`;
  return { line, column: first.column + 1, message };
}

/** `"status" on line 3`, or `the item on line 4`. */
function nameOf(level: Level): string {
  return `${level.kind === 'map' ? JSON.stringify(level.name) : 'the item'} on line ${level.line}`;
}

/** A list item among a map's keys, or a key among a list's items, at their very indentation. */
function strayKind(first: Opener, line: number, near: Level | undefined, written: string): Verdict {
  if (!near || first.kind !== 'seq') return LOST;
  return {
    line,
    column: first.column + 1,
    message: `bad indentation: list item ${JSON.stringify(shorten(written))} stands among the keys of a map (${nameOf(near)}); a list goes under a key of its own, indented deeper`,
  };
}

function spaces(n: number): string {
  return n === 1 ? '1 space' : `${n} spaces`;
}

function shorten(written: string): string {
  return written.length > 40 ? `${written.slice(0, 37)}...` : written;
}

/**
 * The dashes and the key a line opens with, in order, and the indentation a block scalar's
 * lines (`key: |`) must pass; LOST for what spans lines in ways a line reader cannot follow.
 */
function readOpeners(raw: string, indent: number): { openers: Opener[]; blockScalar?: number } | typeof LOST {
  const openers: Opener[] = [];
  let column = indent;
  let rest = raw.slice(indent);
  for (let dash = /^-( +|$)/.exec(rest); dash; dash = /^-( +|$)/.exec(rest)) {
    openers.push({ kind: 'seq', column, name: '-', open: true });
    column += dash[0].length;
    rest = rest.slice(dash[0].length);
  }
  const key = readKey(rest);
  if (key === LOST) return LOST;
  if (key === undefined) {
    if (openers.length > 0) openers[openers.length - 1] = { ...openers[openers.length - 1], open: rest === '' };
    const owner = openers.length > 0 ? openers[openers.length - 1].column : indent;
    return valueSpansLines(rest) ? LOST : { openers, ...(/^[|>]/.test(rest) ? { blockScalar: owner } : {}) };
  }
  if (openers.length > 0) openers[openers.length - 1] = { ...openers[openers.length - 1], open: false };
  const written = key.value.trim();
  if (valueSpansLines(written)) return LOST;
  // A comment ends a plain value; a quoted or flow value may hold a # of its own.
  const value = /^["'[{]/.test(written) ? written : written.replace(/(^|\s)#.*$/, '').trim();
  const blockScalar = /^([&!]\S*\s+)*[|>][-+0-9]*$/.test(value);
  // A value of only an anchor or a tag is still to come, on the lines below.
  const open = value === '' || /^([&!]\S*\s*)+$/.test(value);
  openers.push({ kind: 'map', column, name: key.name, open });
  return { openers, ...(blockScalar ? { blockScalar: column } : {}) };
}

/** A key and what follows its colon, undefined for a line that is no key, LOST for an explicit `? key`. */
function readKey(rest: string): { name: string; value: string } | undefined | typeof LOST {
  if (rest.startsWith('? ') || rest === '?') return LOST;
  const quoted = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')\s*:(?:\s+(.*))?$/.exec(rest);
  if (quoted) return { name: quoted[1].slice(1, -1), value: quoted[2] ?? '' };
  if (/^[[\]{}"'&*!|>%@`#]/.test(rest)) return undefined;
  const colon = /:(\s|$)/.exec(rest);
  if (!colon || /\s#/.test(rest.slice(0, colon.index))) return undefined;
  return { name: rest.slice(0, colon.index).trim(), value: rest.slice(colon.index + 1) };
}

/** Whether a value opens a flow collection or a quoted scalar it does not close on its line. */
function valueSpansLines(value: string): boolean {
  const v = value.replace(/^([&!]\S*\s+)*/, '');
  if (v.startsWith('"')) return !/^"(?:[^"\\]|\\.)*"/.test(v);
  if (v.startsWith("'")) return !/^'(?:[^']|'')*'/.test(v);
  if (!/^[[{]/.test(v)) return false;
  let depth = 0;
  for (const char of v.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, '')) {
    if (char === '[' || char === '{') depth++;
    else if (char === ']' || char === '}') depth--;
  }
  return depth > 0;
}
