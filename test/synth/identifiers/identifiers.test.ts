import {
  isValidAccountKey,
  isValidBik,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  isValidOgrnip,
} from '../../../src/synth/identifiers';
import {
  makeAccountNumber,
  makeBik,
  makeInn10,
  makeInn12,
  makeKpp,
  makeOgrn,
  makeOgrnip,
} from '../../../src/synth/identifiers';
import type { RandomInt } from '../../../src/synth/identifiers';
import { seededRandom } from '../../../src/synth/card-randomizer';

const SAMPLES = 10_000;

function seededRandomInt(seed: number): RandomInt {
  const next = seededRandom(seed);
  return (min, max) => min + Math.floor(next() * (max - min + 1));
}

function generate<T>(seed: number, make: (rand: RandomInt) => T): T[] {
  const rand = seededRandomInt(seed);
  return Array.from({ length: SAMPLES }, () => make(rand));
}

// Independent reference checks, written from the published formulas without sharing any code with src.
const dot = (s: string, weights: number[]): number => weights.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
const fnsControl = (s: string, weights: number[]): string => String((dot(s, weights) % 11) % 10);
const refInn10 = (s: string): boolean => /^\d{10}$/.test(s) && fnsControl(s, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === s[9];
const refInn12 = (s: string): boolean =>
  /^\d{12}$/.test(s) &&
  fnsControl(s, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === s[10] &&
  fnsControl(s, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === s[11];
const bigControl = (body: string, mod: number): string => ((BigInt(body) % BigInt(mod)) % BigInt(10)).toString();
const refOgrn = (s: string): boolean => /^[15]\d{12}$/.test(s) && bigControl(s.slice(0, 12), 11) === s[12];
const refOgrnip = (s: string): boolean => /^3\d{14}$/.test(s) && bigControl(s.slice(0, 14), 13) === s[14];
/** Settlement account at a bank: the full 23-digit weighted sum, real key included, must end in 0. */
const refAccountKey = (account: string, bik: string): boolean =>
  /^\d{20}$/.test(account) &&
  (bik.slice(-3) + account).split('').reduce((acc, d, i) => acc + ((Number(d) * [7, 1, 3][i % 3]) % 10), 0) % 10 === 0;

const twoDigitsAt = (s: string, at: number): number => Number(s.slice(at, at + 2));
const inRange = (n: number, min: number, max: number): boolean => n >= min && n <= max;

describe('independent reference checks', () => {
  it('agree with the published real-world vectors used below', () => {
    expect(['7707083893', '7736050003', '7702070139'].every(refInn10)).toBe(true);
    expect(refInn12('500100732259')).toBe(true);
    expect(['1027700132195', '1027700070518', '1037739010891'].every(refOgrn)).toBe(true);
    expect(refOgrnip('304500116000157')).toBe(true);
    expect(refAccountKey('40702810938000000001', '044525225')).toBe(true);
  });
});

describe('generated identifiers pass independent checks (10,000 each)', () => {
  it('10-digit INNs have a correct control digit and a region of 01..92', () => {
    const bad = generate(1, makeInn10).filter((s) => !refInn10(s) || !inRange(twoDigitsAt(s, 0), 1, 92));
    expect(bad).toEqual([]);
  });

  it('12-digit INNs have both control digits correct and a region of 01..92', () => {
    const bad = generate(2, makeInn12).filter((s) => !refInn12(s) || !inRange(twoDigitsAt(s, 0), 1, 92));
    expect(bad).toEqual([]);
  });

  it('INN control digits cover all of 0..9 rather than collapsing to a constant', () => {
    expect(new Set(generate(3, makeInn10).map((s) => s[9])).size).toBe(10);
  });

  it('OGRNs start with 1 or 5 (both occur), carry a year of 02..24 and a correct mod-11 digit', () => {
    const values = generate(4, makeOgrn);
    expect(values.filter((s) => !refOgrn(s) || !inRange(twoDigitsAt(s, 1), 2, 24))).toEqual([]);
    expect(new Set(values.map((s) => s[0]))).toEqual(new Set(['1', '5']));
  });

  it('OGRNIPs start with 3 and carry a correct mod-13 digit', () => {
    expect(generate(5, makeOgrnip).filter((s) => !refOgrnip(s))).toEqual([]);
  });

  it('KPPs are well formed with a non-00 inspection and a non-000 sequence number', () => {
    const bad = generate(6, (rand) => makeKpp(rand)).filter(
      (s) => !/^\d{4}[\dA-Z]{2}\d{3}$/.test(s) || s.slice(2, 4) === '00' || s.endsWith('000'),
    );
    expect(bad).toEqual([]);
  });

  it("a KPP made for an INN takes that INN's tax office code", () => {
    const pairs = generate(7, (rand) => {
      const inn = makeInn10(rand);
      return { inn, kpp: makeKpp(rand, inn) };
    });
    expect(pairs.filter(({ inn, kpp }) => kpp.slice(0, 4) !== inn.slice(0, 4))).toEqual([]);
  });

  it('BIKs are 04 + region + division + a credit-institution number of 050 or more', () => {
    expect(generate(8, makeBik).filter((s) => !/^04\d{7}$/.test(s) || Number(s.slice(6)) < 50)).toEqual([]);
  });

  it('individual accounts default to 40817810 and carry a correct key for their BIK', () => {
    const pairs = generate(9, (rand) => {
      const bik = makeBik(rand);
      return { bik, account: makeAccountNumber(rand, bik) };
    });
    const bad = pairs.filter(({ bik, account }) => !account.startsWith('40817810') || !refAccountKey(account, bik));
    expect(bad).toEqual([]);
  });

  it('company accounts keep the caller-given 40702810 prefix and carry a correct key', () => {
    const accounts = generate(10, (rand) => makeAccountNumber(rand, '044525225', { prefix: '40702810' }));
    expect(accounts.filter((s) => !s.startsWith('40702810') || !refAccountKey(s, '044525225'))).toEqual([]);
  });
});

describe('validators on fixed vectors', () => {
  it('accept real INNs (Sberbank, Gazprom, VTB, a published individual INN) and reject altered ones', () => {
    for (const s of ['7707083893', '7736050003', '7702070139', '500100732259']) expect(isValidInn(s)).toBe(true);
    const altered = ['7707083894', '500100732258', '500100732269', '770708389', '77070838a3', ''];
    for (const s of altered) expect(isValidInn(s)).toBe(false);
  });

  it('accept real OGRNs (Sberbank, Gazprom) and a published OGRNIP, and reject altered ones', () => {
    for (const s of ['1027700132195', '1027700070518', '1037739010891']) expect(isValidOgrn(s)).toBe(true);
    expect(isValidOgrnip('304500116000157')).toBe(true);
    const altered = ['1027700132196', '3027700132195', '102770013219', '304500116000157'];
    for (const s of altered) expect(isValidOgrn(s)).toBe(false);
    for (const s of ['304500116000158', '104500116000157']) expect(isValidOgrnip(s)).toBe(false);
  });

  it('accept KPPs by format only (including letter reason codes) and reject malformed ones', () => {
    for (const s of ['773601001', '7736AB001']) expect(isValidKpp(s)).toBe(true);
    for (const s of ['77360100', '7736010011', '7736ab001', '77360100A']) expect(isValidKpp(s)).toBe(false);
  });

  it('accept real BIKs (Sberbank, VTB, T-Bank) and reject malformed ones', () => {
    for (const s of ['044525225', '044525187', '044525974']) expect(isValidBik(s)).toBe(true);
    for (const s of ['04452522', '144525225', '04452522X', '0445252250']) expect(isValidBik(s)).toBe(false);
  });

  it('accept a valid account/BIK pair and reject a changed last digit, a changed key or another BIK', () => {
    expect(isValidAccountKey('40702810938000000001', '044525225')).toBe(true);
    expect(isValidAccountKey('40702810938000000002', '044525225')).toBe(false);
    expect(isValidAccountKey('40702810838000000001', '044525225')).toBe(false);
    expect(isValidAccountKey('40702810938000000001', '044525226')).toBe(false);
  });

  it('check a correspondent account (30101…) against "0" + BIK digits 5-6, as the Bank of Russia does', () => {
    expect(isValidAccountKey('30101810400000000225', '044525225')).toBe(true);
    expect(isValidAccountKey('30101810400000000226', '044525225')).toBe(false);
  });
});

describe('generators reject bad arguments', () => {
  it('makeKpp refuses an INN that is not 10 digits instead of inventing an office', () => {
    expect(() => makeKpp(seededRandomInt(1), '77070')).toThrow(RangeError);
  });

  it('makeAccountNumber refuses a prefix over 8 digits (it would cover the key) and an invalid BIK', () => {
    expect(() => makeAccountNumber(seededRandomInt(1), '044525225', { prefix: '408178101' })).toThrow(RangeError);
    expect(() => makeAccountNumber(seededRandomInt(1), '14452522')).toThrow(RangeError);
  });
});

describe('determinism', () => {
  const everything = (rand: RandomInt): string => {
    const inn = makeInn10(rand);
    const bik = makeBik(rand);
    const rest = [makeInn12(rand), makeOgrn(rand), makeOgrnip(rand), makeKpp(rand, inn), makeAccountNumber(rand, bik)];
    return [inn, bik, ...rest].join('|');
  };
  const sequence = (seed: number): string[] => {
    const rand = seededRandomInt(seed);
    return Array.from({ length: 100 }, () => everything(rand));
  };

  it('the same seed yields the same sequence of identifiers', () => {
    expect(sequence(42)).toEqual(sequence(42));
  });

  it('a different seed yields a different sequence', () => {
    expect(sequence(43)).not.toEqual(sequence(42));
  });
});
