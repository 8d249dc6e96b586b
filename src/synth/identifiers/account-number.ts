import { isDigits } from './checksum';
import { randomDigits, type RandomInt } from './random-digits';
import { isValidBik } from './bik';

// Bank of Russia key algorithm: weights 7,1,3 repeat over a 3-digit conditional number + the 20-digit account.
const KEY_WEIGHTS = [7, 1, 3] as const;
const KEY_INDEX = 8; // 9th digit of the account; index 11 in the 23-digit string, whose weight is 3.
const DEFAULT_PREFIX = '40817810'; // 408 17 810: an individual's rouble current account.

/**
 * The 3 digits prepended before weighting: the BIK's last three for accounts at a credit institution, but
 * "0" + BIK digits 5–6 for correspondent accounts (30101…) and accounts at Bank of Russia units (BIK ending 000..002).
 */
function conditionalNumber(account: string, bik: string): string {
  // `account` may be its first digits only: the test reads its first five.
  const atBankOfRussia = account.startsWith('30101') || BANK_OF_RUSSIA_UNIT.test(bik);
  return atBankOfRussia ? '0' + bik.slice(4, 6) : bik.slice(6);
}

const BANK_OF_RUSSIA_UNIT = /^[^]{6}00[0-2]$/; // the last three digits are 000..002

/** `sum` plus the lowest digits of digit*weight over `digits`, which start at position `at` of the 23-digit string. */
function addWeighted(digits: string, at: number, sum: number): number {
  let total = sum;
  for (let i = 0; i < digits.length; i += 1) total += ((digits.charCodeAt(i) - ZERO) * KEY_WEIGHTS[(at + i) % 3]) % 10;
  return total;
}

const ZERO = 48; // '0'

/** Sum of the lowest digits of digit*weight over the 23-digit string (conditional number + account). */
function keySum(account: string, bik: string): number {
  return addWeighted(account, 3, addWeighted(conditionalNumber(account, bik), 0, 0));
}

/**
 * The key between an account's first 8 digits and its last 11: with the key zeroed, key = ((sum mod 10) * 3) mod 10.
 * Why *3: the key's weight is 3, so the full sum is S + 3k; 3k ≡ -S (mod 10) ⇔ k ≡ 3S, since 3·7 ≡ 1 and -7 ≡ 3.
 */
function keyBetween(head: string, tail: string, bik: string): string {
  const sum = addWeighted(
    tail,
    3 + KEY_INDEX + 1,
    addWeighted(head, 3, addWeighted(conditionalNumber(head, bik), 0, 0)),
  );
  return String(((sum % 10) * 3) % 10);
}

/**
 * 20-digit settlement account with a correct control key for `bik`: prefix (balance account + currency, ≤ 8 digits,
 * default 40817810; pass 40702810 for a company), random fill, key at index 8, then an 11-digit branch+account number.
 */
export function makeAccountNumber(rand: RandomInt, bik: string, opts?: { prefix?: string }): string {
  const prefix = opts?.prefix ?? DEFAULT_PREFIX;
  if (!/^\d{1,8}$/.test(prefix)) throw new RangeError(`account prefix must be 1..8 digits, got "${prefix}"`);
  if (!isValidBik(bik)) throw new RangeError(`not a valid BIK: "${bik}"`);
  const head = prefix + randomDigits(rand, KEY_INDEX - prefix.length);
  const tail = randomDigits(rand, 11);
  return head + keyBetween(head, tail, bik) + tail;
}

/** Checks that a 20-digit account's key (index 8) is correct for `bik`: the weighted 23-digit sum must be ≡ 0 mod 10. */
export function isValidAccountKey(account: string, bik: string): boolean {
  return isDigits(account, 20) && isValidBik(bik) && keySum(account, bik) % 10 === 0;
}
