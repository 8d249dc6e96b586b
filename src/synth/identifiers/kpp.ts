import { pick, randomPadded, randomTaxOffice, type RandomInt } from './random-digits';

// Reason codes: 01 = registered at its own location (by far the most common), 02/43/44/45 = branch-type registrations.
// Repeating 01 weights it the way real KPPs are distributed.
const REASON_CODES = ['01', '01', '01', '01', '01', '01', '02', '43', '44', '45'] as const;

const KPP_PATTERN = /^\d{4}[\dA-Z]{2}\d{3}$/;

/** Tax office code: the INN's first four digits if given, else a random region + inspection (never 00). */
function taxOffice(rand: RandomInt, inn10: string | undefined): string {
  if (inn10 === undefined) return randomTaxOffice(rand);
  // A malformed INN is a caller bug; silently inventing an office would hide it.
  if (!/^\d{10}$/.test(inn10)) throw new RangeError(`makeKpp expects a 10-digit INN, got "${inn10}"`);
  return inn10.slice(0, 4);
}

/** Sequence number of the registration at that office; usually 001, occasionally higher, never 000. */
function randomSequence(rand: RandomInt): string {
  return rand(0, 3) === 0 ? randomPadded(rand, 2, 999, 3) : '001';
}

/**
 * 9-character KPP: tax office(4) + reason(2) + sequence(3). KPP has no check digit.
 * Given an INN10, the office is its first four digits, as for an organisation registered where its INN was issued.
 */
export function makeKpp(rand: RandomInt, inn10?: string): string {
  return taxOffice(rand, inn10) + pick(rand, REASON_CODES) + randomSequence(rand);
}

/** Checks KPP format /^\d{4}[\dA-Z]{2}\d{3}$/ — format only, since the KPP carries no control digit. */
export function isValidKpp(s: string): boolean {
  return KPP_PATTERN.test(s);
}
