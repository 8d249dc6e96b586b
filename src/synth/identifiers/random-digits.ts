/** A source of uniformly random integers; the synthetic generator passes a seeded faker's number generator. */
export type RandomInt = (minInclusive: number, maxInclusive: number) => number;

/** Draws `length` independent decimal digits; used for record numbers that may legitimately contain leading zeros. */
export function randomDigits(rand: RandomInt, length: number): string {
  // One string, not one per digit: the digits as a number (exact below 16 digits), zero-padded.
  if (length <= 0) return '';
  if (length > 15) return randomDigits(rand, 15) + randomDigits(rand, length - 15);
  let value = 0;
  for (let i = 0; i < length; i += 1) value = value * 10 + rand(0, 9);
  return String(value).padStart(length, '0');
}

/** Draws an integer in [min, max] and left-pads it with zeros to `width`, e.g. 7 → "07". */
export function randomPadded(rand: RandomInt, min: number, max: number, width: number): string {
  return String(rand(min, max)).padStart(width, '0');
}

/** Draws a two-digit Russian region code 01..92: 00 is never issued, and 01..92 covers the ordinary regions. */
export function randomRegion(rand: RandomInt): string {
  return randomPadded(rand, 1, 92, 2);
}

/** Draws a 4-digit FNS tax office code: region + inspection number (never 00), as in INN/OGRN/KPP prefixes. */
export function randomTaxOffice(rand: RandomInt): string {
  return randomRegion(rand) + randomPadded(rand, 1, 99, 2);
}

/** Picks one element uniformly; repeat values in `items` to weight them. */
export function pick<T>(rand: RandomInt, items: readonly T[]): T {
  return items[rand(0, items.length - 1)];
}
