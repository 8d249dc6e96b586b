const ZERO = 48; // '0'

/** Sum of digit[i] * weight[i] over the first weights.length digits — the core of every FNS control-digit formula. */
function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i += 1) sum += (digits.charCodeAt(i) - ZERO) * weights[i];
  return sum;
}

/** FNS control digit: weighted sum mod 11, then mod 10 (so a remainder of 10 becomes 0). */
export function mod11Control(digits: string, weights: readonly number[]): string {
  return String((weightedSum(digits, weights) % 11) % 10);
}

/** True when `s` consists of exactly `length` ASCII digits. */
export function isDigits(s: string, length: number): boolean {
  return s.length === length && /^\d+$/.test(s);
}
