import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DISAGREEING_KEYS, hasDisagreeingKeys, loadPlainYaml } from '../../src/scenario/fast-yaml';
import { hasYamlLinks, YAML_LINKS } from '../../src/scenario/yaml-links';
import { parseYamlDocument } from '../../src/scenario/parse-scenario-file';

/** What the loader's `yaml` path makes of a text (parse-scenario-file.ts's options). */
function yamlReads(text: string): unknown {
  return parseYamlDocument(text).doc.toJS({ maxAliasCount: 10_000 }) ?? {};
}

function shippedScenarios(dir = join(__dirname, '../../scenarios')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? shippedScenarios(join(dir, e.name)) : /\.ya?ml$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

// Plain scalars where YAML 1.2 core, js-yaml's own core schema and YAML 1.1 disagree.
const SCALARS = [
  '0', '-0', '+12', '012', '0o17', '0O17', '0x1F', '0X1F', '0b101', '1_000', '1e3', '1E-3', '-1.5e+3', '.5', '1.', '-.5', '1.50',
  '.inf', '-.Inf', '+.INF', '.nan', '.NaN', '1:20', '1:20:30', '12345678901234567890', '9007199254740993', '00', '1.2.3',
  'true', 'True', 'TRUE', 'tRUE', 'false', 'yes', 'no', 'on', 'off', 'y', 'n', '~', 'null', 'Null', 'NULL', 'nULL',
  '2024-01-05', '2024-01-05T10:00:00Z', '1970-01-01 00:00:00', '+7 903 123-45-67', '+79031234567', '7707083893', '044525225',
  '40817810099910004312', 'ДБО-2016/940536', 'a b  c', "it's", '"quoted"', "'single'", '"esc \\u0041 \\x42 \\t"', '"\\N\\_"',
  'https://crm.example.ru/clients/1?a=1&b=2', 'a # comment', 'a#b', '-', '--', '- x', '[1, 2]', '{a: 1}', '', ' ',
];

describe('the fast YAML reader', () => {
  test.each(SCALARS)('reads the plain scalar %j as the yaml library does, or declines it', (scalar) => {
    for (const text of [`k: ${scalar}\n`, `k: [${scalar}]\n`, `k: {v: ${scalar}}\n`, `k:\n  - ${scalar}\n`, `${scalar}: v\n`]) {
      const fast = loadPlainYaml(text);
      if (fast !== undefined) expect({ text, data: fast }).toEqual({ text, data: yamlReads(text) });
    }
  });

  test.each(shippedScenarios().map((f) => [f.replace(/.*scenarios\//, 'scenarios/'), f]))('reads %s as the yaml library does', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const fast = loadPlainYaml(text);
    if (fast !== undefined) expect(fast).toEqual(yamlReads(text));
  });

  test('reads block scalars, folding, flow collections and JSON the way the yaml library does', () => {
    const text = [
      'tokens:',
      '  plain-fold:',
      '    client:',
      '      name: Ivanov',
      '        Ivan',
      '      comment: |',
      '        line one',
      '          indented',
      '',
      '        after blank',
      '      folded: >-',
      '        a',
      '        b',
      '',
      '        c',
      '      keep: |+',
      '        kept',
      '',
      '      single: \'it\'\'s "quoted"\'',
      '      apostrophe: it\'s',
      '  "quoted token": {client: {id: "1", enabled: true, list: [a, "b", 3]}}',
      "  'single token': {client: {id: '2'}}",
      '  "json": {"client": {"id": "3", "enabled": false}}',
      '  empty:',
      '  unicode: "\\u0414\\u0411\\u041e \\U0001F600"',
      'fallback: { status: 404, errorCode: CLIENT_NOT_FOUND }   # comment',
      '',
    ].join('\n');
    const fast = loadPlainYaml(text);
    expect(fast).toBeDefined();
    expect(fast).toEqual(yamlReads(text));
  });

  test.each([
    ['an anchor and an alias', 'a: &x {b: 1}\nc: *x\n'],
    ['a merge key', 'a: {b: 1}\nc:\n  <<: {b: 2}\n'],
    ['a tag', 'a: !!str 12\n'],
    ['a null key', 'tokens:\n  ~: {status: 404}\n'],
    ['a repeated key', 'a: 1\na: 2\n'],
    ['a syntax error', 'a: [1, 2\n'],
    ['two documents', 'a: 1\n---\nb: 2\n'],
    ['a __proto__ key', 'tokens:\n  __proto__: {status: 404}\n'],
    ['a top-level list', '- a\n- b\n'],
    ['a double-quoted scalar over two lines', 'a: "one\n  two"\n'],
    ['a single-quoted scalar over two lines', "a: 'one\n  two'\n"],
    ['a collection as a key', '[a, b]: 1\n'],
    ['an explicit key', '? a\n: 1\n'],
  ])('declines %s, leaving it to the yaml library', (_what, text) => {
    expect(loadPlainYaml(text)).toBeUndefined();
  });

  // yaml rejects every one of these; js-yaml takes some (the first, indented too little), so the
  // fast reader must decline them all and leave the report to yaml.
  const BROKEN = [
    'a: "text 1\nerrorCode: [unclosed"\n',
    'tokens:\n  t:\n    errorText: "text 120\n    errorCode: [unclosed"\n',
    'a: "x\nb: 1\n',
    "a: 'x\n",
    'a:\n  b: 1\n c: 2\n',
    'a: b: c\n',
    'a: [1, 2\n',
    'a: {b: 1\n',
    'a:\n\t- x\n',
    'a: 1\n  b: 2\n',
    '- a\nb: 1\n',
    'a: |\nx\n',
    'a: @x\n',
    'a: `x\n',
    'a: - b\n',
    'a: 1\n b: 2\n',
    'a: {b: 1}}\n',
    'a: [1]]\n',
    'a: "\\q"\n',
    'a: x\n# c\n  y: 1\n',
  ];

  test.each(BROKEN)('declines %j, which the yaml library rejects', (text) => {
    expect(parseYamlDocument(text).doc.errors.length).toBeGreaterThan(0);
    expect(loadPlainYaml(text)).toBeUndefined();
  });

  test.each(['a: b\n  - c\n', 'a: x\n\n  y\n', 'a:\n- x\n- y\n', 'a: x #c\nb: "#"\n', 'a: -1\nb: - \n'])('reads %j as the yaml library does, or declines it', (text) => {
    const fast = loadPlainYaml(text);
    if (fast !== undefined) expect(fast).toEqual(yamlReads(text));
  });

  test('an empty file or one with only comments is an empty scenario, as with the yaml library', () => {
    expect(loadPlainYaml('')).toEqual({});
    expect(loadPlainYaml('# nothing yet\n')).toEqual({});
  });
});

describe('the fast checks for what the reader declines', () => {
  // Texts with the characters the checks look for, in every place: seeded edits of small scenarios.
  const PIECES = ['&', '*x', '!t', '%', '---', '...', '<<', '?', ' ? ', ':', ': ', ' :', '{', '}', '[', ']', ',', '-', '~', 'null', 'Null', 'NULL', '__proto__', '\n', '\t', ' ', '#', '\u00a0', '\u2028', '\r', "'", '"'];
  const BASES = ['tokens:\n  a:\n    status: 401\n', 'tokens: { a: { errorText: "x y" } }\n', 'k: v\nlist:\n  - { a: 1, b: [2, 3] }\n', ''];
  function editedTexts(count: number): string[] {
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    return Array.from({ length: count }, () => {
      let text = BASES[Math.floor(random() * BASES.length)];
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits -= 1) {
        const at = Math.floor(random() * (text.length + 1));
        text = text.slice(0, at) + PIECES[Math.floor(random() * PIECES.length)] + text.slice(at);
      }
      return text;
    });
  }
  const texts = editedTexts(4000);

  test('hasYamlLinks answers as the YAML_LINKS regex does', () => {
    const differ = texts.filter((t) => hasYamlLinks(t) !== YAML_LINKS.test(t));
    expect(differ).toEqual([]);
    expect(texts.filter((t) => YAML_LINKS.test(t)).length).toBeGreaterThan(500); // both answers are exercised
  });

  test('hasDisagreeingKeys answers as the DISAGREEING_KEYS regex does', () => {
    const differ = texts.filter((t) => hasDisagreeingKeys(t) !== DISAGREEING_KEYS.test(t));
    expect(differ).toEqual([]);
    expect(texts.filter((t) => DISAGREEING_KEYS.test(t)).length).toBeGreaterThan(500);
  });
});
