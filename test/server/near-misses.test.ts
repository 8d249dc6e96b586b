import { NEAR_MISS_MAX_TOKENS, nearMisses } from '../../src/server/near-misses';

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
