import { readdirSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serialize } from 'node:v8';
import { readQuickYaml } from '../../src/scenario/quick-yaml';
import { ReadCache, type CachedRead } from '../../src/scenario/read-cache';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

const AWKWARD = `
tokens:
  "quoted: key ü":
    headers: { X-Inf: .inf, X-Minus-Inf: -.inf, X-NaN: .nan, X-Minus-Zero: -0, X-Big: 123456789012345678901234567890 }
  'it''s':
    errorText: "Щука 🐟 \\u00e9"
  "10": { status: 410 }
  "2": { status: 402 }
`;

let dir: TempDir;
beforeEach(() => (dir = makeTempDir()));
afterEach(() => dir.remove());

const entries = (at = dir.path) => readdirSync(at).filter((name) => name.endsWith('.v8'));
const read = (data: Record<string, unknown>): CachedRead => ({ data, places: new Map([['a', [3, 3]]]) });

/** Stores `value` under the key of `text` with one cache, and reads it back with a fresh one (a new start). */
function roundTrip(text: string, value: CachedRead, buildId = 'build-1'): CachedRead | undefined {
  const writer = new ReadCache({ dir: dir.path, buildId });
  writer.put(writer.keyOf(text), value);
  writer.flush();
  const reader = new ReadCache({ dir: dir.path, buildId });
  return reader.get(reader.keyOf(text));
}

describe('the read cache on disk', () => {
  test('gives back what the quick reader read, losslessly: infinities, NaN, -0, big numbers, unicode, quoted keys and key order', () => {
    const data = readQuickYaml(AWKWARD)!;
    expect(data).toBeDefined();
    const back = roundTrip(AWKWARD, read(data));
    expect(back?.data).toEqual(data);
    // toEqual tells -0 from 0 and NaN from nothing, but not key order: the serialised bytes do.
    expect(serialize(back?.data)).toEqual(serialize(data));
    const headers = ((back?.data.tokens as Record<string, Record<string, unknown>>)['quoted: key ü'].headers) as Record<string, number>;
    expect([headers['X-Inf'], headers['X-Minus-Inf'], headers['X-NaN'], Object.is(headers['X-Minus-Zero'], -0), headers['X-Big']]).toEqual([Infinity, -Infinity, NaN, true, 1.2345678901234568e29]);
    expect(Object.keys(back?.data.tokens as object)).toEqual(['2', '10', 'quoted: key ü', "it's"]);
    expect([...(back?.places ?? [])]).toEqual([['a', [3, 3]]]);
  });

  test('one file per text, named by its key; nothing is written before flush()', () => {
    const cache = new ReadCache({ dir: dir.path, buildId: 'build-1' });
    cache.put(cache.keyOf('a: 1'), read({ a: 1 }));
    cache.put(cache.keyOf('b: 1'), read({ b: 1 }));
    expect(entries()).toEqual([]);
    cache.flush();
    expect(entries().sort()).toEqual([`${cache.keyOf('a: 1')}.v8`, `${cache.keyOf('b: 1')}.v8`].sort());
    expect(readdirSync(dir.path).filter((name) => !name.endsWith('.v8'))).toEqual([]); // no temp files left
  });

  test('counts its hits, and only its hits', () => {
    roundTrip('a: 1', read({ a: 1 }));
    const cache = new ReadCache({ dir: dir.path, buildId: 'build-1' });
    expect(cache.get(cache.keyOf('a: 2'))).toBeUndefined();
    expect(cache.get(cache.keyOf('a: 1'))?.data).toEqual({ a: 1 });
    expect(cache.hits).toBe(1);
  });

  test('another build, another text or another directory misses', () => {
    roundTrip('a: 1', read({ a: 1 }));
    const other = new ReadCache({ dir: dir.path, buildId: 'build-2' });
    expect(other.get(other.keyOf('a: 1'))).toBeUndefined();
    const same = new ReadCache({ dir: dir.path, buildId: 'build-1' });
    expect(same.get(same.keyOf('a: 1 '))).toBeUndefined();
    const elsewhere = new ReadCache({ dir: path.join(dir.path, 'elsewhere'), buildId: 'build-1' });
    expect(elsewhere.get(elsewhere.keyOf('a: 1'))).toBeUndefined();
  });

  test.each([
    ['garbage bytes', (file: string) => writeFileSync(file, 'not a v8 serialisation at all')],
    ['a truncated file', (file: string) => writeFileSync(file, readFileSync(file).subarray(0, 20))],
    ['an empty file', (file: string) => writeFileSync(file, '')],
    ['another serialised value', (file: string) => writeFileSync(file, serialize({ hello: 'world' }))],
    ['another key\'s file renamed', (file: string) => {
      const cache = new ReadCache({ dir: dir.path, buildId: 'build-1' });
      cache.put(cache.keyOf('b: 2'), read({ b: 2 }));
      cache.flush();
      renameSync(path.join(dir.path, `${cache.keyOf('b: 2')}.v8`), file);
    }],
  ])('%s is a miss, not an error', (_name, spoil) => {
    const cache = new ReadCache({ dir: dir.path, buildId: 'build-1' });
    roundTrip('a: 1', read({ a: 1 }));
    spoil(path.join(dir.path, `${cache.keyOf('a: 1')}.v8`));
    expect(cache.get(cache.keyOf('a: 1'))).toBeUndefined();
    expect(cache.hits).toBe(0);
  });

  test('a directory that cannot be created or written is no error: nothing is cached', () => {
    const file = dir.write('a-file', 'in the way');
    const cache = new ReadCache({ dir: path.join(file, 'cache'), buildId: 'build-1' });
    expect(cache.get(cache.keyOf('a: 1'))).toBeUndefined();
    cache.put(cache.keyOf('a: 1'), read({ a: 1 }));
    expect(() => cache.flush()).not.toThrow();
    expect(readdirSync(dir.path)).toEqual(['a-file']);
  });

  test("a write removes the temp files a killed write left behind, once they are 10 minutes old, and no other file", () => {
    const key = 'f'.repeat(64);
    const [stale, fresh] = [`${key}.4242.tmp`, `${key}.4343.tmp`];
    for (const name of [stale, fresh, 'notes.tmp']) writeFileSync(path.join(dir.path, name), 'half a write');
    const anHourAgo = Date.now() / 1000 - 3600;
    for (const name of [stale, 'notes.tmp']) utimesSync(path.join(dir.path, name), anHourAgo, anHourAgo);
    const cache = new ReadCache({ dir: dir.path, buildId: 'build-1' });
    cache.put(cache.keyOf('n: 1'), read({ n: 1 }));
    cache.flush();
    expect(readdirSync(dir.path).sort()).toEqual([`${cache.keyOf('n: 1')}.v8`, fresh, 'notes.tmp'].sort());
  });

  test('a write prunes the directory to the 64 newest entries; a hit counts as new', () => {
    const cache = new ReadCache({ dir: dir.path, buildId: 'build-1' });
    const texts = Array.from({ length: 66 }, (_, i) => `n: ${i}`);
    for (const text of texts) cache.put(cache.keyOf(text), read({ text }));
    cache.flush(); // 66 written at once: the 2 left over go at once too, whichever they are
    expect(entries()).toHaveLength(64);
    const kept = texts.filter((text) => entries().includes(`${cache.keyOf(text)}.v8`));
    const aDayAgo = Date.now() / 1000 - 86_400;
    kept.forEach((text, i) => utimesSync(path.join(dir.path, `${cache.keyOf(text)}.v8`), aDayAgo + i, aDayAgo + i));
    const next = new ReadCache({ dir: dir.path, buildId: 'build-1' });
    expect(next.get(next.keyOf(kept[0]))).toBeDefined(); // the oldest, but in use
    next.put(next.keyOf('new: 1'), read({ text: 'new' }));
    next.put(next.keyOf('new: 2'), read({ text: 'new' }));
    next.flush();
    const left = entries();
    expect(left).toHaveLength(64);
    expect(left).toEqual(expect.arrayContaining([kept[0], kept[3], 'new: 1', 'new: 2'].map((text) => `${next.keyOf(text)}.v8`)));
    expect(left).not.toContain(`${next.keyOf(kept[1])}.v8`);
    expect(left).not.toContain(`${next.keyOf(kept[2])}.v8`);
  });
});
