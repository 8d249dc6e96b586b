import {
  formatToken,
  overlapWitness,
  parseTemplate,
  tokenNumber,
  type TokenTemplate,
} from '../../src/synth/token-template';

function template(text: string, count: number): TokenTemplate {
  const parsed = parseTemplate(text, count);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

/** Brute force over both populations: the truth the exact overlap check must agree with. */
function bruteOverlap(a: TokenTemplate, b: TokenTemplate): boolean {
  const tokens = new Set(Array.from({ length: a.count }, (_, i) => formatToken(a, i + 1)));
  return Array.from({ length: b.count }, (_, i) => formatToken(b, i + 1)).some((t) => tokens.has(t));
}

describe('a token template names each n exactly once', () => {
  const t = template('synth-{n}-x', 1000);

  test.each([
    ['synth-1-x', 1],
    ['synth-1000-x', 1000],
    ['synth-42-x', 42],
  ])('%s is card %d', (token, n) => {
    expect(tokenNumber(t, token)).toBe(n);
    expect(formatToken(t, n)).toBe(token);
  });

  test.each([
    'synth-0-x',
    'synth-01-x',
    'synth-1001-x',
    'synth--x',
    'synth-1x',
    'synth-1-y',
    'synth-+1-x',
    'synth-1e3-x',
    'synth-١-x',
    'prefix-synth-1-x',
  ])('%s is not in the population', (token) => {
    expect(tokenNumber(t, token)).toBeUndefined();
  });

  test('a template needs {n} exactly once', () => {
    expect(parseTemplate('synth', 5)).toEqual({ error: 'must contain {n} exactly once, e.g. "synth-{n}"' });
    expect(parseTemplate('{n}-{n}', 5)).toEqual({ error: 'must contain {n} exactly once, e.g. "synth-{n}"' });
  });

  test('a huge token is rejected by length before any digit is read', () => {
    expect(tokenNumber(t, `synth-${'9'.repeat(100_000)}-x`)).toBeUndefined();
  });
});

describe('two templates clash only if some token is in both populations', () => {
  test.each([
    ['u{n}', 50, 'u6{n}', 5, false],
    ['u{n}', 70, 'u6{n}', 5, true],
    ['u{n}', 9, 'u1{n}', 9, false],
    ['a-{n}', 100, 'b-{n}', 100, false],
    ['synth-{n}', 10, 'synth-{n}', 10, true],
    ['{n}0', 20, '{n}', 300, true],
    ['{n}0', 20, '{n}', 9, false],
    ['x{n}y', 500, 'x1{n}', 99, false],
    ['x{n}9', 500, 'x1{n}', 99, true],
    ['{n}', 12, '1{n}', 9, true],
    ['{n}', 9, '1{n}', 9, false],
    ['ab{n}', 100, 'a{n}', 100, false],
  ])('%s (1..%d) and %s (1..%d): %s', (ta, ca, tb, cb, clash) => {
    const a = template(ta, ca);
    const b = template(tb, cb);
    expect(bruteOverlap(a, b)).toBe(clash);
    const witness = overlapWitness(a, b);
    expect(witness !== undefined).toBe(clash);
    if (witness !== undefined) {
      expect(tokenNumber(a, witness)).toBeDefined();
      expect(tokenNumber(b, witness)).toBeDefined();
    }
  });

  test('agrees with brute force on every pair of small templates', () => {
    const shapes = ['{n}', '1{n}', '{n}1', 'a{n}', 'a1{n}', '{n}0', '2{n}5', 'a{n}1'];
    const disagreements: string[] = [];
    for (const sa of shapes)
      for (const sb of shapes)
        for (const [ca, cb] of [
          [9, 30],
          [120, 15],
          [5, 250],
        ]) {
          const a = template(sa, ca);
          const b = template(sb, cb);
          if ((overlapWitness(a, b) !== undefined) !== bruteOverlap(a, b))
            disagreements.push(`${sa}/${ca} ${sb}/${cb}`);
        }
    expect(disagreements).toEqual([]);
  });
});
