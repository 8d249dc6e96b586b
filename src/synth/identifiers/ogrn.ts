import { isDigits } from './checksum';
import { pick, randomDigits, randomPadded, randomRegion, randomTaxOffice, type RandomInt } from './random-digits';

// OGRN exists since 2002; a fixed upper year keeps output a pure function of the seed rather than of today's date.
const FIRST_YEAR = 2;
const LAST_YEAR = 24;

/** Control digit = (body as an integer mod `modulus`) mod 10; BigInt so exactness never hinges on staying under 2^53. */
function bigModControl(body: string, modulus: bigint): string {
  return String((BigInt(body) % modulus) % 10n);
}

/** bigModControl for the bodies this module draws (12 and 14 digits, exact as doubles), without a BigInt per number. */
function modControl(body: string, modulus: number): string {
  return String((Number(body) % modulus) % 10);
}

/** Two-digit registration year within the fixed OGRN era. */
function randomYear(rand: RandomInt): string {
  return randomPadded(rand, FIRST_YEAR, LAST_YEAR, 2);
}

/** 13-digit OGRN: sign 1|5, year(2), region(2), office(2), record(5), control = (first 12 digits mod 11) mod 10. */
export function makeOgrn(rand: RandomInt): string {
  const sign = pick(rand, ['1', '5']);
  const body = sign + randomYear(rand) + randomTaxOffice(rand) + randomDigits(rand, 5);
  return body + modControl(body, 11);
}

/** 15-digit OGRNIP: sign 3, year(2), region(2), record(9), control = (first 14 digits mod 13) mod 10. */
export function makeOgrnip(rand: RandomInt): string {
  const body = '3' + randomYear(rand) + randomRegion(rand) + randomDigits(rand, 9);
  return body + modControl(body, 13);
}

/** Checks a 13-digit OGRN (sign 1 or 5) against its mod-11 control digit. */
export function isValidOgrn(s: string): boolean {
  return isDigits(s, 13) && (s[0] === '1' || s[0] === '5') && s[12] === bigModControl(s.slice(0, 12), 11n);
}

/** Checks a 15-digit OGRNIP (sign 3) against its mod-13 control digit. */
export function isValidOgrnip(s: string): boolean {
  return isDigits(s, 15) && s[0] === '3' && s[14] === bigModControl(s.slice(0, 14), 13n);
}
