import { readFileSync } from 'node:fs';
import { inspect, isDeepStrictEqual } from 'node:util';
import { isAlias, isCollection, isMap, isScalar, visit, type Document } from 'yaml';
import { findDuplicateKeys } from '../../src/scenario/find-duplicate-keys';
import { readQuickYaml } from '../../src/scenario/quick-yaml';
import { seededRandom } from '../../src/synth/card-randomizer';
import { parseYamlDocument } from '../../src/scenario/parse-scenario-file';
import { makeTempDir } from '../helpers/temp-dir';
import { SCALARS, shippedScenarios } from '../helpers/yaml-corpus';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { writeFixtures } = require('../../bench/fixtures') as {
  writeFixtures(dir: string, options?: { synthCounts?: number[] }): { hand: string; mix: string; synth: Record<number, string> };
};

/**
 * readQuickYaml's contract: whenever it returns data, that data is exactly what the `yaml` library
 * reads (parse-scenario-file.ts's options, toJS with an empty root as {}); it returns undefined
 * whenever `yaml` reports an error or a warning, a key is repeated (findDuplicateKeys), a key is
 * `__proto__` or a merge key `<<`, or the root is not a mapping. Declining is always allowed.
 */
interface YamlReading {
  readonly data?: unknown;
  /** Why the quick reader must return undefined for this text; absent when it may return `data`. */
  readonly mustDecline?: string;
}

function yamlReads(text: string): YamlReading {
  const { doc, lineCounter } = parseYamlDocument(text);
  if (doc.errors.length > 0) return { mustDecline: `yaml error ${doc.errors[0].code}` };
  if (doc.warnings.length > 0) return { mustDecline: `yaml warning ${doc.warnings[0].code}` };
  if (findDuplicateKeys('quick.yaml', doc, lineCounter).length > 0) return { mustDecline: 'a repeated key' };
  const key = forbiddenKey(doc);
  if (key) return { mustDecline: key };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 10_000 }) ?? {};
  } catch (e) {
    return { mustDecline: `toJS throws ${String(e)}` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { mustDecline: 'a root that is not a mapping' };
  return { data };
}

/** A merge key or a `__proto__` key anywhere in the document. */
function forbiddenKey(doc: Document): string | undefined {
  let found: string | undefined;
  visit(doc, {
    Pair(_key, pair) {
      if (!isScalar(pair.key)) return undefined;
      if (typeof pair.key.value === 'symbol') found = 'a merge key';
      else if (String(pair.key.value) === '__proto__') found = 'a __proto__ key';
      return found ? visit.BREAK : undefined;
    },
  });
  return found;
}

/** Deep equality with types, -0, NaN, prototypes and key order. */
function sameData(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a, b) && sameKeyOrder(a, b);
}

function sameKeyOrder(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return true;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join('\u0000') !== kb.join('\u0000')) return false;
  return ka.every((k) => sameKeyOrder((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** A value or text for a failure message, cut short when huge (deeply nested test texts). */
const clip = (s: string, max = 1500): string => (s.length <= max ? s : `${s.slice(0, max)}... (${s.length} characters in all)`);
/** A text as a JSON string literal with everything outside printable ASCII escaped, to copy into a reproducer. */
const escapeUnprintable = (s: string): string => s.replace(/[^\x20-\x7e\n]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const literal = (text: string): string => escapeUnprintable(JSON.stringify(text));
const show = (value: unknown): string => clip(escapeUnprintable(inspect(value, { depth: 12, breakLength: Infinity })));

/** A text on which readQuickYaml broke its contract, with what it returned and what `yaml` reads. */
interface Broken {
  readonly text: string;
  readonly why: string;
  readonly quick: string;
  readonly yaml: string;
}

/** How readQuickYaml breaks its contract on `text`, or undefined when it keeps it. */
function contractBroken(text: string): Broken | undefined {
  let quick: Record<string, unknown> | undefined;
  try {
    quick = readQuickYaml(text);
  } catch (e) {
    return { text, why: 'throws', quick: clip(String(e)), yaml: show(yamlReads(text)) };
  }
  if (quick === undefined) return undefined;
  const yaml = yamlReads(text);
  if (yaml.mustDecline) return { text, why: `returns data where it must decline: ${yaml.mustDecline}`, quick: show(quick), yaml: '-' };
  if (!sameData(quick, yaml.data)) return { text, why: 'returns data unlike the yaml library', quick: show(quick), yaml: show(yaml.data) };
  return undefined;
}

/** A smaller text that still breaks the contract: lines, then characters, dropped while it does (small texts only). */
function shrink(text: string, budget = 3000): string {
  if (text.length > 5000) return text;
  let best = text;
  for (let progress = true; progress && budget > 0; ) {
    progress = false;
    for (const candidate of smaller(best)) {
      if (--budget <= 0) break;
      if (contractBroken(candidate)) {
        best = candidate;
        progress = true;
        break;
      }
    }
  }
  return best;
}

function* smaller(text: string): Generator<string> {
  const lines = text.split('\n');
  if (lines.length > 1) for (let i = 0; i < lines.length; i += 1) yield [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n');
  for (let i = 0; i < text.length; i += 1) yield text.slice(0, i) + text.slice(i + 1);
}

/** The first few broken cases, each shrunk to a small reproducer (distinct ones only), for a readable failure. */
function report(broken: Broken[]): object[] {
  const seen = new Set<string>();
  const cases: object[] = [];
  for (const b of broken.slice(0, 30)) {
    const minimal = shrink(b.text);
    if (seen.has(minimal) || cases.length >= 5) continue;
    seen.add(minimal);
    const m = contractBroken(minimal) ?? b;
    cases.push({ minimal: clip(literal(minimal)), why: m.why, quick: m.quick, yaml: m.yaml, ...(minimal === b.text ? {} : { original: clip(literal(b.text), 20_000) }) });
  }
  return cases;
}

/**
 * Whether a text uses only the line-based subset the quick reader exists for: block mappings and
 * sequences, one-line flow collections, one-line plain or quoted scalars, comments. No anchors,
 * aliases, tags, block scalars, merge or `__proto__` or null or collection keys, document markers,
 * directives, tabs, carriage returns or BOM.
 */
function inQuickSubset(text: string): boolean {
  if (/[\t\r\uFEFF]/.test(text) || /^(---|\.\.\.|%)/m.test(text)) return false;
  const { doc, lineCounter } = parseYamlDocument(text);
  if (doc.errors.length > 0 || doc.warnings.length > 0 || findDuplicateKeys('quick.yaml', doc, lineCounter).length > 0) return false;
  if (doc.contents !== null && !isMap(doc.contents)) return false;
  let simple = true;
  const oneLine = (range?: [number, number, number] | null) => !range || !text.slice(range[0], range[1]).includes('\n');
  visit(doc, {
    Node(_key, node) {
      const n = node as { anchor?: string; tag?: string; type?: string; flow?: boolean; range?: [number, number, number] | null };
      if (isAlias(node) || n.anchor || n.tag) simple = false;
      else if (isScalar(node) && (n.type === 'BLOCK_LITERAL' || n.type === 'BLOCK_FOLDED' || !oneLine(n.range))) simple = false;
      else if (isCollection(node) && n.flow && !oneLine(n.range)) simple = false;
      return simple ? undefined : visit.BREAK;
    },
    Pair(_key, pair) {
      const key = pair.key;
      if (!isScalar(key) || key.value === null || typeof key.value === 'symbol' || String(key.value) === '__proto__') simple = false;
      return simple ? undefined : visit.BREAK;
    },
  });
  return simple;
}

const bench = makeTempDir('auth-sim-quick-yaml-');
const fixtures = writeFixtures(bench.path, { synthCounts: [0] });
const benchFiles: [string, string][] = [
  ['hand/hand.yaml', fixtures.hand],
  ['mix/hand.yaml', `${fixtures.mix}/hand.yaml`],
  ['mix/errors.yaml', `${fixtures.mix}/errors.yaml`],
  ['synth-0/empty.yaml', fixtures.synth[0]],
];
afterAll(() => bench.remove());

// toJS warns through process.emitWarning for collection keys (`[a]: 1`), which mutants make often.
let quietWarnings: jest.SpyInstance;
beforeAll(() => {
  quietWarnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
});
afterAll(() => quietWarnings.mockRestore());

/** Shipped examples written entirely in the line-based subset: the reader must take each of them. */
const SIMPLE_SHIPPED = [
  'scenarios/corporate.yaml',
  'scenarios/errors.yaml',
  'scenarios/every-field.yaml',
  'scenarios/retail.yaml',
  'scenarios/synthetic.yaml',
  'scenarios/toolbox/chance.yaml',
  'scenarios/toolbox/faults.yaml',
  'scenarios/toolbox/latency.yaml',
  'scenarios/toolbox/sequences.yaml',
  'scenarios/toolbox/versions-and-wire.yaml',
];

const relative = (file: string) => file.replace(/.*scenarios\//, 'scenarios/');

describe('the quick YAML reader on whole files', () => {
  test.each(shippedScenarios().map((f) => [relative(f), f]))('reads %s as the yaml library does, or declines it', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    expect(contractBroken(text)).toBeUndefined();
  });

  test.each(SIMPLE_SHIPPED)('takes %s, which uses only the line-based subset', (name) => {
    const text = readFileSync(`${__dirname}/../../${name}`, 'utf8');
    expect(inQuickSubset(text)).toBe(true); // keeps this list honest
    const quick = readQuickYaml(text);
    expect(quick).toBeDefined();
    expect(sameData(quick, yamlReads(text).data)).toBe(true);
  });

  test.each(benchFiles)("reads the bench's %s as the yaml library does, or declines it", (_name, file) => {
    expect(contractBroken(readFileSync(file, 'utf8'))).toBeUndefined();
  });

  test("takes the bench's 1,000 hand-written tokens, the file it exists to speed up", () => {
    const text = readFileSync(fixtures.hand, 'utf8');
    const quick = readQuickYaml(text);
    expect(quick).toBeDefined();
    const yaml = yamlReads(text);
    expect(yaml.mustDecline).toBeUndefined();
    expect(quick).toStrictEqual(yaml.data);
    expect(sameData(quick, yaml.data)).toBe(true); // key order too
    expect(Object.keys((quick as { tokens: object }).tokens)).toHaveLength(1000);
  });
});

/** Double-quoted and single-quoted YAML forms of a string. */
const doubleQuoted = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const singleQuoted = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Every place a scalar can stand in the subset, as a whole scenario text. */
const PLACES: ((s: string) => string)[] = [
  (s) => `k: ${s}\n`,
  (s) => `k: ${s}`,
  (s) => `k: ${s}   # comment\n`,
  (s) => `a: 1\nk: ${s}\nz: 2\n`,
  (s) => `k: [${s}]\n`,
  (s) => `k: [a, ${s}, b]\n`,
  (s) => `k: [${s}, ${s}]\n`,
  (s) => `k: {v: ${s}}\n`,
  (s) => `k: { v: ${s}, w: x }\n`,
  (s) => `k: {${s}: v}\n`,
  (s) => `k: {a: 1, ${s}: v}\n`,
  (s) => `k: [{v: ${s}}]\n`,
  (s) => `k:\n  - ${s}\n`,
  (s) => `k:\n- ${s}\n`,
  (s) => `k:\n  - ${s}\n  - z\n`,
  (s) => `k:\n  - v: ${s}\n    w: x\n`,
  (s) => `k:\n  - [${s}]\n`,
  (s) => `${s}: v\n`,
  (s) => `${s}:\n  v: 1\n`,
  (s) => `a: 1\n${s}: v\n`,
  (s) => `k:\n  ${s}: v\n  w: x\n`,
  (s) => `k:\n  - ${s}: v\n`,
  (s) => `- ${s}\n`,
  (s) => `k: "${s}"\n`,
  (s) => `k: '${s}'\n`,
  (s) => `"${s}": v\n`,
  (s) => `'${s}': v\n`,
  (s) => `k: [${doubleQuoted(s)}, ${singleQuoted(s)}]\n`,
  (s) => `k: {${doubleQuoted(s)}: ${singleQuoted(s)}}\n`,
  (s) => `k: ${doubleQuoted(s)}\n`,
  (s) => `k: ${singleQuoted(s)}\n`,
  (s) => `${doubleQuoted(s)}: v\n`,
  (s) => `${singleQuoted(s)}: v\n`,
  (s) => `k:\n  - ${doubleQuoted(s)}\n  - ${singleQuoted(s)}\n`,
];

describe('the quick YAML reader on scalars', () => {
  test.each(SCALARS)('reads %j in every place as the yaml library does, or declines it', (scalar) => {
    const broken = PLACES.map((place) => contractBroken(place(scalar))).filter((b) => b !== undefined);
    expect(report(broken)).toEqual([]);
  });

  test('takes plain, quoted and flow scalars in their simple places (the corpus is not all declined)', () => {
    const texts = SCALARS.flatMap((s) => PLACES.map((place) => place(s)));
    const taken = texts.filter((t) => readQuickYaml(t) !== undefined);
    expect(taken.length / texts.length).toBeGreaterThan(0.6); // ~0.9 when first written
  });
});

/** Small scenarios in the subset, each with some of what can go wrong on a line: the fuzzer's seeds. */
const SEEDS = [
  [
    '# a small scenario',
    'defaults:',
    '  headers: { X-Set: cards }   # a comment at the end',
    'tokens:',
    '  alice:',
    '    client:',
    '      id: "100500"',
    '      name: Ivanova Alisa',
    '      enabled: true',
    '      contacts:',
    '        phone: "+79161234567"',
    '',
    '  # a comment on its own line',
    '  blocked:',
    '    status: 403',
    "    errorText: 'it''s blocked'",
    'fallback:',
    '  status: 404',
    '',
  ].join('\n'),
  [
    'generate:',
    '  - name: x',
    '    value: y',
    '  - name: "quoted \\"name\\""',
    "    value: 'single'",
    '  - { tokens: "demo-{n}", count: 10, seed: 42 }',
    'list:',
    '- a',
    '- b: 1',
    '  c: [1, 2, three]',
    '-',
    '  - nested',
    '  - seq',
    '',
  ].join('\n'),
  [
    'escapes:',
    '  dq: "a \\"b\\" c \\\\ d \\n e \\u0041 \\t"',
    "  sq: 'x ''y'' z'",
    '  hash: "# not a comment"   # but this is',
    '  url: https://crm.example.ru/c?a=1&b=2#frag',
    '  colon: "a: b"',
    '  empty: ""',
    '  nothing:',
    '  tilde: ~',
    '  nums: [0, -1, 1.5, 0x1F, 0o17, .inf, 1e3, 012]',
    '  bools: {t: true, f: False, n: null}',
    '',
  ].join('\n'),
  [
    'tokens:',
    '  t1: { client: { id: "1", list: [a, "b", \'c\', { d: e }] }, status: 200 }',
    '  t2: [ [1, 2], [], {}, { a: [ ] } ]',
    '  "quoted key": {a: 1}',
    "  'single key': [x]",
    '  t3: {"json": "style", "n": 1}',
    '',
  ].join('\n'),
  [
    'companyList:',
    '- id: 7',
    '  name: Horns and Hooves LLC',
    '- id: 8',
    '  enabled: false',
    'group:',
    '- x',
    '- y',
    'tail: end',
    '',
  ].join('\n'),
  `${readFileSync(fixtures.hand, 'utf8').split('\n').slice(0, 40).join('\n')}\n`,
  readFileSync(`${__dirname}/../../scenarios/toolbox/sequences.yaml`, 'utf8'),
  readFileSync(`${__dirname}/../../scenarios/corporate.yaml`, 'utf8'),
];

/**
 * Characters an edit puts in: YAML's indicators, whitespace and line breaks, ordinary ones, and
 * what is white space or a line break to JavaScript but not to YAML (or the other way round).
 */
const CHARS = [
  ...':-#"\'[]{},&*!|>%@`\\?~',
  ...'    \n\n\t\r',
  ...'abkxyzABK_0123456789.+/',
  ...'\u00a0\u2003\u3000\u0085\u2028\ufeffД',
  '\u{1F600}',
];

/** A seeded mutant of `text`: a few character edits (anywhere or at a line's end), line duplications, indentation changes, joins, splits and swaps. */
function mutate(text: string, random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const at = () => Math.floor(random() * (text.length + 1));
  for (let edits = 1 + Math.floor(random() ** 2 * 3); edits > 0; edits -= 1) {
    const lines = text.split('\n');
    const line = Math.floor(random() * lines.length);
    const op = Math.floor(random() * 9);
    if (op === 0) {
      const i = at();
      text = text.slice(0, i) + pick(CHARS) + text.slice(i);
    } else if (op === 1) {
      const i = at();
      text = text.slice(0, i) + text.slice(i + 1);
    } else if (op === 2) {
      const i = at();
      text = text.slice(0, i) + pick(CHARS) + text.slice(i + 1);
    } else if (op === 3) {
      lines.splice(line, 0, lines[line]);
      text = lines.join('\n');
    } else if (op === 4) {
      const by = pick([-2, -1, 1, 2]);
      lines[line] = by > 0 ? ' '.repeat(by) + lines[line] : lines[line].replace(new RegExp(`^ {0,${-by}}`), '');
      text = lines.join('\n');
    } else if (op === 5 && line + 1 < lines.length) {
      lines.splice(line, 2, lines[line] + pick(['', ' ', '  ']) + lines[line + 1].trimStart());
      text = lines.join('\n');
    } else if (op === 6) {
      const cut = Math.floor(random() * (lines[line].length + 1));
      lines[line] = `${lines[line].slice(0, cut)}\n${' '.repeat(Math.floor(random() * 7))}${lines[line].slice(cut)}`;
      text = lines.join('\n');
    } else if (op === 7) {
      lines[line] += pick(CHARS); // where a scalar or a comment ends
      text = lines.join('\n');
    } else {
      const other = Math.floor(random() * lines.length);
      [lines[line], lines[other]] = [lines[other], lines[line]];
      text = lines.join('\n');
    }
  }
  return text;
}

/** A longer or different run: QUICK_YAML_MUTANTS=300000 QUICK_YAML_SEED=7 npx jest test/scenario/quick-yaml.test.ts */
const MUTANTS = Number(process.env.QUICK_YAML_MUTANTS ?? 3000);
const FUZZ_SEED = Number(process.env.QUICK_YAML_SEED ?? 20240105);

describe('the quick YAML reader on seeded mutants', () => {
  test('its seeds are in the line-based subset and are taken', () => {
    for (const seed of SEEDS) {
      expect({ seed, inSubset: inQuickSubset(seed) }).toEqual({ seed, inSubset: true });
      expect({ seed, broken: contractBroken(seed), taken: readQuickYaml(seed) !== undefined }).toEqual({ seed, broken: undefined, taken: true });
    }
  });

  test(`never returns data unlike the yaml library on ${MUTANTS} seeded mutants`, () => {
    const random = seededRandom(FUZZ_SEED);
    const broken: Broken[] = [];
    let taken = 0;
    let declined = 0;
    let takenChanged = 0;
    for (let n = 0; n < MUTANTS; n += 1) {
      const seed = SEEDS[n % SEEDS.length];
      const text = mutate(seed, random);
      const failure = contractBroken(text);
      if (failure) broken.push(failure);
      const quick = readQuickYaml(text);
      if (quick === undefined) {
        declined += 1;
      } else {
        taken += 1;
        if (!sameData(quick, yamlReads(seed).data)) takenChanged += 1;
      }
    }
    expect({ broken: broken.length, cases: report(broken) }).toEqual({ broken: 0, cases: [] });
    // Not vacuous: both answers are exercised, and many accepted mutants read differently from their seed.
    expect(taken / MUTANTS).toBeGreaterThan(0.2); // ~0.3 when first written
    expect(declined / MUTANTS).toBeGreaterThan(0.1);
    expect(takenChanged / MUTANTS).toBeGreaterThan(0.1);
  });
});

describe('the quick YAML reader on what it must or may decline', () => {
  test.each([
    ['a repeated key', 'a: 1\na: 2\n'],
    ['a repeated key deeper down', 'k:\n  a: 1\n  b: 2\n  a: 3\n'],
    ['a repeated key in a sequence item', 'k:\n  - a: 1\n    a: 2\n'],
    ['a repeated key in a flow map', 'k: {a: 1, a: 2}\n'],
    ['a repeated key in a root flow map', '{a: 1, a: 2}\n'],
    ['a repeated key, once quoted', 'a: 1\n"a": 2\n'],
    ['a repeated key, once single-quoted, as a number', "1: x\n'1': y\n"],
    ['a repeated key written as two numbers', '1: x\n0x1: y\n'],
    ['a __proto__ key', '__proto__: 1\n'],
    ['a nested __proto__ key', 'tokens:\n  __proto__: {status: 404}\n'],
    ['a __proto__ key in a flow map', 'k: {__proto__: x}\n'],
    ['a quoted __proto__ key', '"__proto__": {a: 1}\n'],
    ['a __proto__ key in a sequence item', "k:\n  - '__proto__': 1\n"],
    ['a merge key', '<<: {a: 1}\nb: 2\n'],
    ['a nested merge key', 'k:\n  <<: {a: 1}\n  b: 2\n'],
    ['a merge key in a flow map', 'k: {<<: {a: 1}}\n'],
    ['a merge key with a list', 'k:\n  <<: [{a: 1}, {b: 2}]\n'],
    ['a root sequence', '- a\n- b\n'],
    ['a root flow sequence', '[a, b]\n'],
    ['a root plain scalar', 'hello\n'],
    ['a root number', '42\n'],
    ['a root double-quoted scalar', '"text"\n'],
    ["a root single-quoted scalar", "'text'\n"],
    ['a root boolean', 'true\n'],
  ])('declines %s', (_what, text) => {
    expect(yamlReads(text).mustDecline).toBeDefined(); // the reference agrees this is a must
    expect(readQuickYaml(text)).toBeUndefined();
  });

  test.each([
    'a:\n\tb: 1\n',
    '\ta: 1\n',
    'a:\n  b: 1\n c: 2\n',
    'a: 1\n  b: 2\n',
    'a:\n  - b\n c: 1\n',
    'a: b: c\n',
    'a: [1, 2\n',
    'a: {b: 1\n',
    'a: {b: 1}}\n',
    'a: [1]]\n',
    'a: "x\n',
    "a: 'x\n",
    'a: "\\q"\n',
    'a: "x"y\n',
    "a: 'x'y\n",
    'a: @x\n',
    'a: `x\n',
    'a: - b\n',
    '- a\nb: 1\n',
    'a: 1\n- b\n',
    'a: |\nx\n',
    'a: x\n# c\n  y: 1\n',
    'a: &x 1\nb: *y\n',
    'a: !foo x\n',
    'k: [a, , b]\n',
    'a: "text 1\nerrorCode: [unclosed"\n',
    'tokens:\n  t:\n    errorText: "text 120\n    errorCode: [unclosed"\n',
    'a: "x\nb: 1\n',
    'a:\n\t- x\n',
    'a: 1\n b: 2\n',
  ])('declines %j, which the yaml library rejects', (text) => {
    expect(yamlReads(text).mustDecline).toMatch(/^(yaml (error|warning)|toJS throws)/);
    expect(readQuickYaml(text)).toBeUndefined();
  });

  test.each([
    'a: 1\r\nb:\r\n  c: 2\r\n',
    '\uFEFFa: 1\n',
    '\uFEFFa: 1\r\n',
    'a: 1\rb: 2\n',
    'a: 1\t\n',
    'a:\t1\n',
    'a: x\ty\n',
    'a: 1 \t# c\n',
    'a: &x 1\nb: *x\n',
    'a: &x {b: 1}\nc: *x\n',
    'a: !!str 12\n',
    'a: !!int "12"\n',
    'a: |\n  x\n  y\n',
    'a: >\n  x\n  y\n',
    'a: |-\n  x\n',
    'a: >+\n  x\n\n',
    'a: one\n  two\n',
    'a:\n  one\n  two\n',
    'a: "one\n  two"\n',
    "a: 'one\n  two'\n",
    'a: "one\\\n  two"\n',
    'a: [1,\n  2]\n',
    'a: {b: 1,\n  c: 2}\n',
    '---\na: 1\n',
    'a: 1\n...\n',
    '%YAML 1.2\n---\na: 1\n',
    '? a\n: 1\n',
    '~: 1\n',
    'null: x\n',
    '[a, b]: 1\n',
    'k: {[a]: 1}\n',
    'k: {a}\n',
    'k: [a: 1]\n',
    'k: {a: 1, }\n',
    'k: {a 1}\n',
    'k: [a, b, ]\n',
    'k:\n-   - nested\n    - seq\n',
    'k:\n  - - a\n    - b\n  - - c\n',
    'a:\n    b: 1\n    c: 2\n',
    'a:\n - x\n',
    'a:\n  - b\n  -   c\n',
    'a:\n  b:\n      c: 1\n',
    'a: -\n',
    'a: b # c\nd: "e" # f\n',
    "a: 'b # c'\n",
    'a: "b"   \n',
    '',
    '   \n',
    '# only a comment\n',
    'k:\n\n\n  a: 1\n',
    'a: b:c\n',
    'a: :b\n',
    'a: "\\U0001F600 \\x41 \\/ \\0 \\e \\a \\v \\L \\P \\N \\_ \\ "\n',
    'a: "\\ud83d" \nb: "\\ud83d\\ude00"\n',
    'k: v\u00a0\n',
    'k: v\u3000 \n',
    'k: [v\u2003, \u00a0]\n',
    'k\u00a0: v\n',
    'k: v\u00a0# c\n',
    'k: v\u0085\n',
    'k: x\u2028y\n',
    'k: \ufeffv\n',
    'a: 1\n\u00a0\nb: 2\n',
  ])('reads %j as the yaml library does, or declines it', (text) => {
    expect(report([contractBroken(text)].filter((b) => b !== undefined))).toEqual([]);
  });

  // `yaml` gives up on deep nesting (RESOURCE_EXHAUSTION, from its own stack overflow) and the reader must not throw.
  const nested = (depth: number): [string, string][] => [
    [`a flow sequence ${depth} deep`, `k: ${'['.repeat(depth)}1${']'.repeat(depth)}\n`],
    [`a flow mapping ${depth} deep`, `k: ${'{a: '.repeat(depth)}1${'}'.repeat(depth)}\n`],
    [`a block mapping ${depth} deep`, `${Array.from({ length: depth }, (_v, i) => `${' '.repeat(i)}a:`).join('\n')} 1\n`],
    [`a block sequence ${depth} deep`, `k:\n${Array.from({ length: depth }, (_v, i) => `${' '.repeat(2 * i)}-`).join('\n')} 1\n`],
  ];
  test.each([...nested(100), ...nested(2000), ...nested(20_000).slice(0, 2)])('reads %s as the yaml library does, or declines it, and never throws', (_what, text) => {
    expect(report([contractBroken(text)].filter((b) => b !== undefined))).toEqual([]);
  });
});
