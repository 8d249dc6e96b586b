import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunkKey } from '../../src/scenario/chunk-key';
import { loadScenarioSet } from '../../src/scenario/load-scenario-set';
import { locateNode, type NodePath } from '../../src/scenario/locate-node';
import { parseScenarioFile, placeOf } from '../../src/scenario/parse-scenario-file';
import { readScenarioFile } from '../../src/scenario/read-scenario-file';
import { tokenPlaces } from '../../src/scenario/token-places';

const SCENARIOS = join(__dirname, '../../scenarios');

function shipped(dir = SCENARIOS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? shipped(join(dir, e.name)) : /\.ya?ml$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** A file like the benchmark's: cards with nested maps, flow maps and block sequences, a fallback after the tokens. */
function cardsFile(n: number): string {
  const lines = ['# cards', 'defaults:', '  headers: { X-Set: cards }', 'tokens:'];
  for (let i = 0; i < n; i += 1) {
    lines.push(
      i % 3 === 0 ? `  "card ${i}":` : i % 3 === 1 ? `  'card-${i}':` : `  card-${i}:`,
      '    client:',
      `      id: "${i}"`,
      `      name: Ivanov${i} Ivan`,
      `      surname: Ivanov${i}`,
      '      firstname: Ivan',
      `      type: "${i % 2}"`,
      '      enabled: true',
      '      crmURL: https://crm.example.ru/c',
      '    companyList:',
      `      - { id: ${i}, name: Horns and Hooves, inn: "7707083893" }`,
      '      - id: 2',
      '        name: Second',
    );
  }
  lines.push('fallback:', '  status: 404', '  errorCode: NOPE');
  return `${lines.join('\n')}\n`;
}

const positions = (parsed: ReturnType<typeof parseScenarioFile>, paths: NodePath[]) =>
  paths.map((p) => [p.join('.'), placeOf(parsed, p, 'key'), placeOf(parsed, p, 'value')]);

describe('reading a scenario file the fast way', () => {
  test.each(shipped().map((f) => [f.slice(SCENARIOS.length + 1), f]))('%s: the same data, token places and node places as the yaml parse', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const fast = readScenarioFile(file, text);
    const whole = parseScenarioFile(file, text);
    expect(fast.problems).toEqual(whole.problems);
    expect(fast.data).toEqual(whole.data);
    expect([...tokenPlaces(fast)]).toEqual([...tokenPlaces(whole)]);
    const tokens = Object.keys((whole.data.tokens ?? {}) as object);
    const paths: NodePath[] = [['fallback'], ['defaults'], ['generate', 0], ...tokens.slice(0, 5).flatMap((t) => [['tokens', t], ['tokens', t, 'client', 'surname']])];
    const expected = paths.map((p) => [p.join('.'), locateNode(whole.doc, whole.lineCounter, p, 'key'), locateNode(whole.doc, whole.lineCounter, p, 'value')]);
    expect(positions(fast, paths)).toEqual(expected);
  });

  test('a big file is read without the yaml parse, and places every node where the yaml parse does', () => {
    const text = cardsFile(300);
    const fast = readScenarioFile('cards.yaml', text);
    const whole = parseScenarioFile('cards.yaml', text);
    expect(fast.tokenPlaces).toBeDefined(); // the places came from the chunks, not from a document
    expect(fast.data).toEqual(whole.data);
    expect([...tokenPlaces(fast)]).toEqual([...tokenPlaces(whole)]);
    const paths: NodePath[] = [['fallback'], ['fallback', 'errorCode'], ['defaults', 'headers'], ['tokens', 'card 0', 'client', 'crmURL'], ['tokens', 'card-1', 'companyList', 1, 'name'], ['tokens', 'card-299']];
    const expected = paths.map((p) => [p.join('.'), locateNode(whole.doc, whole.lineCounter, p, 'key'), locateNode(whole.doc, whole.lineCounter, p, 'value')]);
    expect(positions(fast, paths)).toEqual(expected);
  });

  test('a file with no tokens has no token places to find', () => {
    const fast = readScenarioFile('none.yaml', 'tokens: {}\nfallback:\n  status: 404\n');
    expect(fast.tokenPlaces).toEqual(new Map());
    expect(placeOf(fast, ['fallback'], 'key')).toEqual({ line: 2, col: 1 });
  });

  test('warnings of a big file name the same places as when it is parsed with yaml', () => {
    const texts = [{ file: 'cards.yaml', text: cardsFile(50) }];
    const fast = loadScenarioSet(texts, { wire: { version: '1.4', modules: ['companies'], wire: 'strings' } as never });
    const slow = loadScenarioSet(texts, { wire: { version: '1.4', modules: ['companies'], wire: 'strings' } as never }, (f, t) => parseScenarioFile(f, t));
    if (!fast.ok || !slow.ok) throw new Error('both loads should succeed');
    expect(fast.set.warnings.length).toBeGreaterThan(0); // crmURL is deprecated
    expect(fast.set.warnings).toEqual(slow.set.warnings);
  });

  test.each([
    ['a schema error', (t: string) => t.replace('errorCode: NOPE', 'errorCod: NOPE')],
    ['a YAML error', (t: string) => t.replace('surname: Ivanov7\n', 'surname: [Ivanov7\n')],
    ['a repeated token', (t: string) => t.replace("'card-4':", "'card-1':")],
  ])('%s is reported exactly as the yaml parse reports it', (_what, edit) => {
    const text = edit(cardsFile(30));
    const whole = parseScenarioFile('cards.yaml', text);
    expect(whole.problems.length).toBeGreaterThan(0);
    expect(readScenarioFile('cards.yaml', text).problems).toEqual(whole.problems);
  });
});

describe('the token key of a chunk', () => {
  test.each([
    ['  plain-token:\n    status: 1', 'plain-token'],
    ['  "double \\"q\\" \\u0414":', 'double "q" Д'],
    ["  'it''s': {status: 1}", "it's"],
    ['  with:colon: 1', 'with:colon'],
    ['  spaced key  :', 'spaced key'],
    ['  "yaml \\x41 escape":', undefined],
    ['  [a, b]: 1', undefined],
  ])('%j is %j', (text, key) => {
    expect(chunkKey(text)).toBe(key);
  });
});
