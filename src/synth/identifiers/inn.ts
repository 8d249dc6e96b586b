import { isDigits, mod11Control } from './checksum';
import { randomDigits, randomTaxOffice, type RandomInt } from './random-digits';

// Weights from the FNS INN specification; the 12-digit weights are the 10-digit ones shifted right with a new head.
const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
const INN12_FIRST_WEIGHTS = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
const INN12_SECOND_WEIGHTS = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;

/** 10-digit legal-entity INN: office(4) + record(5) + control (weights 2,4,10,3,5,9,4,6,8; sum mod 11 mod 10). */
export function makeInn10(rand: RandomInt): string {
  const body = randomTaxOffice(rand) + randomDigits(rand, 5);
  return body + mod11Control(body, INN10_WEIGHTS);
}

/** 12-digit individual INN: office(4) + record(6) + two control digits, the second computed over the first. */
export function makeInn12(rand: RandomInt): string {
  const body = randomTaxOffice(rand) + randomDigits(rand, 6);
  const withFirst = body + mod11Control(body, INN12_FIRST_WEIGHTS);
  return withFirst + mod11Control(withFirst, INN12_SECOND_WEIGHTS);
}

/** Checks a 10-digit (legal entity) or 12-digit (individual) INN's control digit(s). */
export function isValidInn(s: string): boolean {
  if (isDigits(s, 10)) return s[9] === mod11Control(s, INN10_WEIGHTS);
  if (isDigits(s, 12)) {
    return s[10] === mod11Control(s, INN12_FIRST_WEIGHTS) && s[11] === mod11Control(s, INN12_SECOND_WEIGHTS);
  }
  return false;
}
