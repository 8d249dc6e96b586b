/** The placeholder a population's token template carries exactly once. */
const N_PLACEHOLDER = '{n}';

/**
 * A population's tokens: `prefix + n + suffix` for n = 1..count, n written in plain decimal with
 * no leading zeros, so every token names exactly one n and every n exactly one token.
 */
export interface TokenTemplate {
  readonly text: string;
  readonly prefix: string;
  readonly suffix: string;
  readonly count: number;
}

/** The template for `text`, or why it is not one. */
export function parseTemplate(text: string, count: number): TokenTemplate | { readonly error: string } {
  const at = text.indexOf(N_PLACEHOLDER);
  if (at === -1 || text.indexOf(N_PLACEHOLDER, at + 1) !== -1)
    return { error: `must contain ${N_PLACEHOLDER} exactly once, e.g. "synth-{n}"` };
  return { text, prefix: text.slice(0, at), suffix: text.slice(at + N_PLACEHOLDER.length), count };
}

/** The n of `token` in this template, or undefined. Linear in the token's length, no regex. */
export function tokenNumber(template: TokenTemplate, token: string): number | undefined {
  const { prefix, suffix } = template;
  const digits = token.length - prefix.length - suffix.length;
  if (digits < 1 || digits > String(template.count).length) return undefined;
  if (!token.startsWith(prefix) || !token.endsWith(suffix)) return undefined;
  const end = prefix.length + digits;
  if (token.charCodeAt(prefix.length) === 48 /* 0 */) return undefined;
  let n = 0;
  for (let i = prefix.length; i < end; i += 1) {
    const d = token.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    n = n * 10 + d;
  }
  return n <= template.count ? n : undefined;
}

/** The token of card `n`. */
export function formatToken(template: TokenTemplate, n: number): string {
  return `${template.prefix}${n}${template.suffix}`;
}

type Slot = { readonly fixed: string } | 'digit';

function slots(t: TokenTemplate, digits: number): Slot[] {
  const out: Slot[] = [...t.prefix].map((c) => ({ fixed: c }));
  for (let i = 0; i < digits; i += 1) out.push('digit');
  return out.concat([...t.suffix].map((c) => ({ fixed: c })));
}

/**
 * A token both templates produce, or undefined if none exists. Exact, not a guess: for each
 * pair of digit counts giving equal lengths, the characters must agree and the shared free
 * digits must put both n in range, which is an interval intersection.
 */
export function overlapWitness(a: TokenTemplate, b: TokenTemplate): string | undefined {
  for (let da = 1; da <= String(a.count).length; da += 1) {
    const db = a.prefix.length + da + a.suffix.length - b.prefix.length - b.suffix.length;
    if (db < 1 || db > String(b.count).length) continue;
    const witness = alignedWitness(slots(a, da), slots(b, db), a, b);
    if (witness !== undefined) return witness;
  }
  return undefined;
}

function alignedWitness(sa: Slot[], sb: Slot[], a: TokenTemplate, b: TokenTemplate): string | undefined {
  const chars: (string | undefined)[] = [];
  for (let i = 0; i < sa.length; i += 1) {
    const x = sa[i];
    const y = sb[i];
    const fixed = x === 'digit' ? (y === 'digit' ? undefined : y.fixed) : x.fixed;
    if (x !== 'digit' && y !== 'digit' && x.fixed !== y.fixed) return undefined;
    if (fixed !== undefined && (x === 'digit' || y === 'digit') && !/^\d$/.test(fixed)) return undefined;
    chars.push(fixed);
  }
  const free = chars.map((c, i) => (c === undefined ? i : -1)).filter((i) => i >= 0);
  const k = free.length;
  const start = k > 0 ? free[0] : -1;
  const ra = freeRange(chars, a.prefix.length, sa.length - a.suffix.length, start, k, a.count);
  const rb = freeRange(chars, b.prefix.length, sb.length - b.suffix.length, start, k, b.count);
  if (!ra || !rb) return undefined;
  const lo = Math.max(ra[0], rb[0]);
  if (lo > Math.min(ra[1], rb[1])) return undefined;
  const fill = k > 0 ? String(lo).padStart(k, '0') : '';
  return chars.map((c, i) => c ?? fill[i - start]).join('');
}

/** The values the k free digits (at `start`) may take so that the digits in [from, to) read 1..count with no leading zero. */
function freeRange(
  chars: (string | undefined)[],
  from: number,
  to: number,
  start: number,
  k: number,
  count: number,
): [number, number] | undefined {
  const high = k > 0 ? chars.slice(from, start).join('') : chars.slice(from, to).join('');
  const low = k > 0 ? chars.slice(start + k, to).join('') : '';
  const scale = 10 ** low.length;
  const base = Number(high || '0') * 10 ** (k + low.length) + Number(low || '0');
  let lo = Math.max(0, Math.ceil((1 - base) / scale));
  const hi = Math.min(10 ** k - 1, Math.floor((count - base) / scale));
  if (high !== '' && high[0] === '0') return undefined;
  if (high === '' && k > 0) lo = Math.max(lo, 10 ** (k - 1));
  if (high === '' && k === 0 && low[0] === '0') return undefined;
  return lo <= hi ? [lo, hi] : undefined;
}
