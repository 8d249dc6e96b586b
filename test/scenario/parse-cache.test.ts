import path from 'node:path';
import { loadScenarioSet } from '../../src/scenario/load-scenario-set';
import { readScenarioSources } from '../../src/scenario/read-scenario-sources';
import { ScenarioParseCache } from '../../src/scenario/parse-cache';
import { parseScenarioFile } from '../../src/scenario/parse-scenario-file';
import { lookupEntry } from '../../src/scenario/scenario-set';
import { splitTokenChunks } from '../../src/scenario/split-token-chunks';
import { tokenPlaces } from '../../src/scenario/token-places';

/** A plainly laid-out file of `n` tokens, with `edit` applied to token number `at`'s errorText. */
function bigFile(n: number, edit = '', at = -1): string {
  const lines = ['# a big file', 'defaults:', '  headers: { X-Set: big }', 'tokens:'];
  for (let i = 0; i < n; i += 1) {
    lines.push(`  tok-${i}:`, '    # a comment inside', `    status: ${400 + (i % 50)}`, `    errorCode: E${i}`, `    errorText: "text ${i}${i === at ? edit : ''}"`);
  }
  lines.push('fallback:', '  status: 404', '  errorCode: NOPE', '  errorText: nope');
  return `${lines.join('\n')}\n`;
}

function places(parsed: ReturnType<typeof parseScenarioFile>): [string, string][] {
  return [...tokenPlaces(parsed)].map(([t, p]) => [t, `${p.line}:${p.column}`]);
}

describe('a reload that re-parses only the changed tokens of a big file', () => {
  test('gives exactly the data and token places of parsing the whole file', () => {
    const cache = new ScenarioParseCache();
    cache.parse('big.yaml', bigFile(300));
    const edited = bigFile(300, ' edited"\n    delay: "5ms', 150);
    const fast = cache.parse('big.yaml', edited);
    const whole = parseScenarioFile('big.yaml', edited);
    expect(fast.problems).toEqual([]);
    expect(fast.tokenPlaces).toBeDefined(); // the chunked path, not a whole-file parse
    expect(fast.data).toEqual(whole.data);
    expect(places(fast)).toEqual(places(whole));
    expect((fast.data.tokens as Record<string, { delay?: string }>)['tok-150'].delay).toBe('5ms');
  });

  test('serves byte-identical replies to a set loaded without the cache', () => {
    const cache = new ScenarioParseCache();
    loadScenarioSet([{ file: 'big.yaml', text: bigFile(250) }], {}, cache.parse);
    const text = bigFile(250, ' again', 7);
    const cached = loadScenarioSet([{ file: 'big.yaml', text }], {}, cache.parse);
    const plain = loadScenarioSet([{ file: 'big.yaml', text }]);
    if (!cached.ok || !plain.ok) throw new Error('both loads should succeed');
    for (const token of ['tok-0', 'tok-7', 'tok-249', 'unknown']) {
      const a = lookupEntry(cached.set, token).answer({ token }).reply;
      const b = lookupEntry(plain.set, token).answer({ token }).reply;
      expect([a.status, a.headers, a.body?.toString()]).toEqual([b.status, b.headers, b.body?.toString()]);
    }
    expect([...cached.set.entries.keys()]).toEqual([...plain.set.entries.keys()]);
  });

  test.each([
    ['a schema error in the edited token', ' x"\n    errorTxt: "typo', 120],
    ['a YAML error in the edited token', '\n    errorCode: [unclosed', 120],
    ['a repeated key in the edited token', '"\n    status: 401\n    errorCode: "again', 120],
  ])('%s is reported exactly as a whole-file parse reports it', (_name, edit, at) => {
    const cache = new ScenarioParseCache();
    cache.parse('big.yaml', bigFile(300));
    const broken = bigFile(300, edit, at);
    const fast = cache.parse('big.yaml', broken);
    const whole = parseScenarioFile('big.yaml', broken);
    expect(fast.problems.length).toBeGreaterThan(0);
    expect(fast.problems).toEqual(whole.problems);
  });

  test('a token repeated by the edit is left for the set loader to report, with both places', () => {
    const cache = new ScenarioParseCache();
    loadScenarioSet([{ file: 'big.yaml', text: bigFile(300) }], {}, cache.parse);
    const text = bigFile(300).replace('  tok-200:', '  tok-100:');
    const cached = loadScenarioSet([{ file: 'big.yaml', text }], {}, cache.parse);
    const plain = loadScenarioSet([{ file: 'big.yaml', text }]);
    expect(cached.ok ? [] : cached.problems).toEqual(plain.ok ? [] : plain.problems);
    expect(plain.ok).toBe(false);
  });
});

test('loading a set never writes to the data it parsed (the chunk memo keeps that data uncopied)', async () => {
  const deepFreeze = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  };
  const frozen = (file: string, text: string) => {
    const parsed = new ScenarioParseCache().parse(file, text);
    deepFreeze(parsed.data);
    return parsed;
  };
  const shipped = await readScenarioSources([path.resolve(__dirname, '..', '..', 'scenarios')]);
  const card = '{ id: "1", name: A B, surname: A, firstname: B, type: "0", enabled: true }';
  const everyKind = [
    'defaults: { delay: { uniform: [1ms, 2ms] }, headers: { X-A: a }, protocol: "1.3" }',
    'tokens:',
    `  seq: { then: cycle, sequence: [ { status: 503, body: none }, { client: ${card}, wire: typed } ] }`,
    `  once: { client: ${card}, expire: { after: 1, answer: { status: 403, errorCode: X, errorText: x } } }`,
    `  maybe: { chance: 0.5, fault: reset, otherwise: { client: ${card} } }`,
    '  slow: { delay: { lognormal: { median: 5ms } }, fault: { drip: 1s } }',
    'generate:',
    '  - { tokens: "g-{n}", count: 5, seed: 1, errors: 0.5 }',
    'fallback: { status: 404, errorCode: NOPE, errorText: nope }',
    '',
  ].join('\n');
  for (const texts of [shipped, [{ file: 'every-kind.yaml', text: everyKind }], [{ file: 'big.yaml', text: bigFile(250) }]]) {
    const strict = loadScenarioSet(texts, {}, frozen);
    const plain = loadScenarioSet(texts);
    if (!strict.ok || !plain.ok) throw new Error('both loads should succeed');
    expect([...strict.set.entries.keys()]).toEqual([...plain.set.entries.keys()]);
  }
});

describe('cutting a file into token chunks', () => {
  test('cuts a plain layout at each token key, keeping the file\'s line numbers', () => {
    const split = splitTokenChunks('tokens:\n  a:\n    status: 401\n\n  # note\n  "b c":\n    status: 402\nfallback:\n  status: 404\n');
    expect(split?.chunks.map((c) => [c.line, c.column, c.text])).toEqual([
      [2, 3, '  a:\n    status: 401\n\n  # note'],
      [6, 3, '  "b c":\n    status: 402'],
    ]);
    expect(split?.header).toBe('tokens: {}\nfallback:\n  status: 404\n');
  });

  test.each([
    ['an anchor', 'tokens:\n  a: &x\n    status: 401\n  b: *x\n'],
    ['a merge key', 'tokens:\n  a:\n    <<: { status: 401 }\n'],
    ['a flow map of tokens', 'tokens: { a: { status: 401 } }\n'],
    ['a document marker', '---\ntokens:\n  a:\n    status: 401\n'],
    ['a line less indented than the token keys', 'tokens:\n    a:\n      status: 401\n  b:\n    status: 402\n'],
    ['a tag', 'tokens:\n  a:\n    errorText: !!str 12\n'],
    ['a sequence at the token keys\' indent', 'tokens:\n  a:\n  - status: 401\n'],
  ])('leaves a file with %s to be parsed whole', (_name, text) => {
    expect(splitTokenChunks(text)).toBeUndefined();
  });

  test('sequences inside an entry (a companyList) do not stop the cut', () => {
    const text = 'tokens:\n  a:\n    companyList:\n      - id: 1\n      - { id: 2 }\n  b:\n    companyList:\n    - id: 3\n';
    expect(splitTokenChunks(text)?.chunks.map((c) => c.line)).toEqual([2, 6]);
  });

  test('an ampersand or an asterisk inside text is not mistaken for an anchor', () => {
    expect(splitTokenChunks('tokens:\n  a:\n    errorText: Horns & Hooves * 2\n')?.chunks).toHaveLength(1);
  });
});
