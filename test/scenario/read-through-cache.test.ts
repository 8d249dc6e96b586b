import { readdirSync } from 'node:fs';
import { serialize } from 'node:v8';
import { loadScenarioSet } from '../../src/scenario/load-scenario-set';
import type { NodePath } from '../../src/scenario/locate-node';
import { ScenarioParseCache } from '../../src/scenario/parse-cache';
import { placeOf, type ParsedScenarioFile } from '../../src/scenario/parse-scenario-file';
import { ReadCache } from '../../src/scenario/read-cache';
import * as readModule from '../../src/scenario/read-scenario-file';
import { readThroughCache } from '../../src/scenario/read-through-cache';
import { lookupEntry } from '../../src/scenario/scenario-set';
import { tokenPlaces } from '../../src/scenario/token-places';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

const CARD = 'client: { id: "1", name: N, surname: S, firstname: F, type: "0", enabled: true }';

/** Every kind of value a valid file can hold that JSON would not keep, and keys that need quoting. */
const AWKWARD = `# awkward but valid
defaults: { headers: { X-Minus-Zero: -0, X-Big: 123456789012345678901234567890 } }
tokens:
  "quoted: key ü":
    client: { id: -0, name: 12345678901234567890, surname: "Щука 🐟", firstname: "\\u00e9t\\u00e9", type: "0", enabled: true, crmURL: https://crm.example.ru/1 }
  'it''s':
    status: 401
    errorText: "тест"
  "10": { status: 410, headers: { X-Float: 1e300, X-Tiny: -5e-324 } }
  "2": { ${CARD} }
fallback: { status: 404, errorCode: NOPE }
`;

let dir: TempDir;
beforeEach(() => (dir = makeTempDir()));
afterEach(() => dir.remove());

const entries = () => readdirSync(dir.path).filter((name) => name.endsWith('.v8'));
const newCache = () => new ReadCache({ dir: dir.path, buildId: 'build-1' });

/** The first start (a miss, then the write) and the second (from the cache) of one text. */
function startTwice(file: string, text: string): { miss: ParsedScenarioFile; hit: ParsedScenarioFile; hits: number } {
  const first = newCache();
  const miss = readThroughCache(first, new ScenarioParseCache())(file, text);
  first.flush();
  const second = newCache();
  const hit = readThroughCache(second, new ScenarioParseCache())(file, text);
  return { miss, hit, hits: second.hits };
}

describe('reading through the read cache', () => {
  test('a hit gives the data of a miss exactly, with the same places, and no problems', () => {
    const { miss, hit, hits } = startTwice('awkward.yaml', AWKWARD);
    expect(hits).toBe(1);
    expect(hit.problems).toEqual([]);
    expect(hit.data).toEqual(miss.data);
    expect(serialize(hit.data)).toEqual(serialize(miss.data)); // -0, key order
    const client = (hit.data.tokens as Record<string, { client: Record<string, unknown> }>)['quoted: key ü'].client;
    expect([Object.is(client.id, -0), client.name, client.surname, client.firstname]).toEqual([true, 12345678901234567000, 'Щука 🐟', 'été']);
    expect([...tokenPlaces(hit)]).toEqual([...tokenPlaces(miss)]);
    expect(tokenPlaces(hit).get("it's")).toEqual({ file: 'awkward.yaml', line: 6, column: 3 });
    const paths: NodePath[] = [['fallback'], ['fallback', 'errorCode'], ['defaults', 'headers', 'X-Big'], ['tokens', 'quoted: key ü', 'client', 'crmURL'], ['tokens', '10', 'headers', 'X-Tiny'], ['tokens', '2']];
    const places = (parsed: ParsedScenarioFile) => paths.map((p) => [placeOf(parsed, p, 'key'), placeOf(parsed, p, 'value')]);
    expect(places(hit)).toEqual(places(miss));
  });

  test('a hit is served the same bytes, with the same warnings at the same places, as a miss', () => {
    const { miss, hit } = startTwice('awkward.yaml', AWKWARD);
    const fromMiss = loadScenarioSet([{ file: 'awkward.yaml', text: AWKWARD }], {}, () => miss);
    const fromHit = loadScenarioSet([{ file: 'awkward.yaml', text: AWKWARD }], {}, () => hit);
    if (!fromMiss.ok || !fromHit.ok) throw new Error('both loads should succeed');
    expect(fromHit.set.warnings).toEqual(fromMiss.set.warnings);
    expect(fromHit.set.warnings.map((w) => `${w.line}:${w.column} ${w.message}`)).toEqual([
      '5:125 tokens."quoted: key ü".client.crmURL is deprecated; use actionList instead (it is still served)',
    ]);
    for (const token of ['quoted: key ü', "it's", '10', '2', 'nobody']) {
      const [a, b] = [fromHit, fromMiss].map((r) => (r.ok ? lookupEntry(r.set, token).answer({ token }).reply : undefined));
      expect([a?.status, a?.headers, a?.body?.toString()]).toEqual([b?.status, b?.headers, b?.body?.toString()]);
    }
  });

  test.each([
    ['a schema error', `tokens:\n  a: { status: 200, clent: {} }\n`],
    ['a YAML error', `tokens:\n  a: { status: [401 }\n`],
    ['a repeated key', `tokens:\n  a: { status: 401 }\n  a: { status: 402 }\n`],
    ['a text the fast reader leaves to yaml (an anchor)', `tokens:\n  a: &x { status: 401 }\n  b: *x\n`],
    ['a layout that cannot be cut into token chunks', `tokens: { a: { status: 401 }, b: { status: 402 } }\n`],
  ])('a file with %s is read the ordinary way every time and never written', (_name, text) => {
    const { miss, hit, hits } = startTwice('f.yaml', text);
    expect(hits).toBe(0);
    expect(hit.problems).toEqual(miss.problems);
    expect(entries()).toEqual([]);
  });

  test('a file with no tokens at all is cached too', () => {
    const text = 'tokens: {}\ngenerate:\n  - { tokens: "p-{n}", count: 3 }\n';
    const { miss, hit, hits } = startTwice('pop.yaml', text);
    expect([hits, hit.data, [...tokenPlaces(hit)]]).toEqual([1, miss.data, []]);
    expect(placeOf(hit, ['generate', 0, 'count'], 'key')).toEqual({ line: 3, col: 24 });
    expect(placeOf(hit, ['generate', 0, 'count'], 'key')).toEqual(placeOf(miss, ['generate', 0, 'count'], 'key'));
  });

  test('after a start from the cache, a reload of a big file re-reads only the header and the edited token', () => {
    const big = (edit: string) => `tokens:\n${Array.from({ length: 250 }, (_, i) => `  t-${i}:\n    status: ${400 + (i % 50)}\n    errorText: "t ${i}${i === 7 ? edit : ''}"`).join('\n')}\nfallback: { status: 404 }\n`;
    const { hit } = startTwice('big.yaml', big(''));
    const parseCache = new ScenarioParseCache();
    const parse = readThroughCache(newCache(), parseCache);
    expect(parse('big.yaml', big(''))).toMatchObject({ data: hit.data });
    const reads = jest.spyOn(readModule, 'readScenarioFile');
    try {
      const edited = parseCache.parse('big.yaml', big(' edited'));
      expect((edited.data.tokens as Record<string, { errorText: string }>)['t-7'].errorText).toBe('t 7 edited');
      expect(reads.mock.calls.map(([, text]) => text)).toEqual(['tokens: {}\nfallback: { status: 404 }\n']);
    } finally {
      reads.mockRestore();
    }
  });
});
