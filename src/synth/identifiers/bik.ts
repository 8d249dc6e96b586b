import { isDigits } from './checksum';
import { randomPadded, type RandomInt } from './random-digits';

/**
 * 9-digit BIK: country "04" + OKATO region(2, 01..99) + Bank of Russia division(2) + institution(3).
 * Institution numbers 050..999 denote credit institutions (000..049 are Bank of Russia units),
 * so generated BIKs look like banks'.
 */
export function makeBik(rand: RandomInt): string {
  return '04' + randomPadded(rand, 1, 99, 2) + randomPadded(rand, 0, 99, 2) + randomPadded(rand, 50, 999, 3);
}

/** Checks BIK format: nine digits starting with the Russian country code 04 (a BIK has no control digit). */
export function isValidBik(s: string): boolean {
  return isDigits(s, 9) && s.startsWith('04');
}
