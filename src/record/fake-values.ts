import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import {
  makeAccountNumber,
  makeInn10,
  makeInn12,
  makeKpp,
  makeOgrn,
  makeOgrnip,
  isValidBik,
  isValidKpp,
  type RandomInt,
} from '../synth/identifiers';
import { transliterate } from '../synth/transliterate';

/**
 * The stand-in for `original` of `kind`, drawn by `draw` from a faker seeded for exactly this value:
 * a pure function of (seed, kind, original), so the same original gets the same stand-in in every
 * field, every client and every run with the same seed, whatever order answers arrive in.
 */
export type StableFake = (kind: string, original: string, draw: (faker: Faker, rand: RandomInt) => string) => string;

/** The stand-ins of `seed`, from one faker instance re-seeded per value (never a shared one). */
export function createStableFake(faker: Faker, seed: number): StableFake {
  const rand: RandomInt = (min, max) => faker.number.int({ min, max });
  const memo = new Map<string, string>();
  return (kind, original, draw) => {
    const key = `${kind}\u0000${original}`;
    let value = memo.get(key);
    if (value === undefined) {
      faker.seed(createHash('sha256').update(`${seed}\u0000${key}`).digest().readUInt32BE(0));
      value = draw(faker, rand);
      memo.set(key, value);
    }
    return value;
  };
}

/** Keeps the script of the original: a Latin original gets a Latin stand-in. */
export function sameScript(original: string, fake: string): string {
  return /[\u0400-\u04ff]/.test(original) ? fake : transliterate(fake);
}

/** Every digit after the first `keep` characters replaced by a random one: a phone or number of the same shape. */
export function sameShapeDigits(original: string, rand: RandomInt, keep: number): string {
  let out = original.slice(0, keep);
  for (const ch of original.slice(keep)) out += /\d/.test(ch) ? String(rand(0, 9)) : ch;
  // Ten draws all repeating the original's digits is next to impossible; a value without digits stays as it is.
  for (let i = 0; out === original && /\d/.test(original.slice(keep)) && i < 10; i += 1)
    out = sameShapeDigits(original, rand, keep);
  return out;
}

/** An INN of the original's length with valid check digits. */
export function fakeInn(original: string, rand: RandomInt): string {
  if (/^\d{12}$/.test(original)) return makeInn12(rand);
  if (/^\d{10}$/.test(original)) return makeInn10(rand);
  return sameShapeDigits(original, rand, 0);
}

/** An OGRN (13 digits) or OGRNIP (15) with a valid check digit, as the original was. */
export function fakeOgrn(original: string, rand: RandomInt): string {
  if (/^\d{15}$/.test(original)) return makeOgrnip(rand);
  if (/^\d{13}$/.test(original)) return makeOgrn(rand);
  return sameShapeDigits(original, rand, 0);
}

/** A KPP on the (redacted) company INN's tax office, as a real one is. */
export function fakeKpp(original: string, rand: RandomInt, fakeInn10: string | undefined): string {
  if (!isValidKpp(original)) return sameShapeDigits(original, rand, 0);
  return makeKpp(rand, fakeInn10 !== undefined && /^\d{10}$/.test(fakeInn10) ? fakeInn10 : undefined);
}

/** Comma-separated accounts, each with the original's balance prefix and a valid key for the branch's BIK. */
export function fakeAccounts(original: string, rand: RandomInt, bik: string | undefined): string {
  return original
    .split(/(\s*,\s*)/)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      if (/^\d{20}$/.test(part) && bik !== undefined && isValidBik(bik))
        return makeAccountNumber(rand, bik, { prefix: part.slice(0, 8) });
      return sameShapeDigits(part, rand, Math.min(8, part.length));
    })
    .join('');
}

/** A date of the same shape: YYYY-MM-DD stays a real date, between 1940 and 2006 like synthetic clients. */
export function fakeDate(original: string, rand: RandomInt): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(original)) return sameShapeDigits(original, rand, 0);
  const month = rand(1, 12);
  const day = rand(1, 28);
  return `${rand(1940, 2006)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
