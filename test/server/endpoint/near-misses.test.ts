import {
  NEAR_MISS_MAX_TOKENS,
  NearMissIndex,
  nearMisses as searchIndex,
} from '../../../src/server/endpoint/near-misses';

const nearMisses = (token: string, known: string[]) => searchIndex(token, [new NearMissIndex(known)]);

test.each<[string, string[], string[]]>([
  ['alise', ['alice', 'bob', 'expired'], ['alice']],
  ['expird', ['alice', 'expired', 'expire'], ['expired', 'expire']],
  ['zzzzzzzz', ['alice', 'bob'], []],
  ['alice', ['alice'], []],
  ['tok-1', ['tok-2', 'tok-3', 'tok-4', 'tok-5'], ['tok-2', 'tok-3', 'tok-4']],
])('%s is near %j', (token, known, expected) => {
  expect(nearMisses(token, known)).toEqual(expected);
});

test('very large sets are not searched at all', () => {
  const known = Array.from({ length: NEAR_MISS_MAX_TOKENS + 1 }, (_, i) => `token-${i}`);
  expect(nearMisses('token-1x', known)).toEqual([]);
  expect(nearMisses('token-1x', known.slice(0, 100))).not.toEqual([]);
});

test('in a large set, a typo anywhere in a token is found among its sorted neighbours', () => {
  const known = Array.from({ length: NEAR_MISS_MAX_TOKENS }, (_, i) => `client-${String(i).padStart(5, '0')}-prod`);
  expect(nearMisses('client-04999-prd', known)).toEqual([
    'client-04999-prod',
    'client-01999-prod',
    'client-02999-prod',
  ]);
  expect(nearMisses('clent-02500-prod', known)).toEqual([
    'client-02500-prod',
    'client-00500-prod',
    'client-01500-prod',
  ]);
  // Ten tokens are one edit away; only those sorted next to the typo are looked at.
  expect(nearMisses('client-03x33-prod', known)).toEqual([
    'client-03933-prod',
    'client-01933-prod',
    'client-02933-prod',
  ]);
});

test('tokens past the longest compared are neither searched for nor suggested, so a miss costs the same whatever their length', () => {
  const long = (i: number, length: number) => `${i}`.padStart(length, 'x');
  const known = Array.from({ length: 100 }, (_, i) => long(i, 8000));
  expect(nearMisses(`${long(7, 8000)}y`, known)).toEqual([]);
  expect(nearMisses('x'.repeat(255) + 'y', ['x'.repeat(256)])).toEqual(['x'.repeat(256)]);
  expect(nearMisses('x'.repeat(256) + 'y', ['x'.repeat(256)])).toEqual([]);
  expect(nearMisses('x'.repeat(256), ['x'.repeat(256) + 'y'])).toEqual([]);
});
