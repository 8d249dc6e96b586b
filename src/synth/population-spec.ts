import type { EntryData } from '../scenario/schema/scenario-schema';
import { PASSED_CONTROL_KEYS, SYNTH_DEFAULTS } from '../scenario/schema/generate-knobs';

/** An inclusive range a knob draws from, written `lo..hi` or as one number. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/** A `generate:` item after validation, defaults filled in. */
export interface PopulationSpec {
  readonly tokens: string;
  readonly count: number;
  readonly seed: number;
  readonly locale: string;
  /** Share of legal entities (client type "1"); the rest are individuals (type "0"). */
  readonly type: number;
  readonly disabled: number;
  readonly companies: Range;
  readonly entrepreneurs: number;
  readonly groups: { readonly trees: number; readonly depth: number; readonly perClient: Range };
  readonly branches: number;
  readonly fill: Range;
  readonly deprecated: boolean;
  readonly errors: number;
  readonly error: EntryData;
  readonly crm: string;
  readonly firstId: number;
  /** Control keys passed to every card as written: protocol, wire, delay. */
  readonly control: EntryData;
}

/** `"1..3"` or `2` as a range; undefined if it is neither. */
function parseRange(value: unknown): Range | undefined {
  if (typeof value === 'number') return { min: value, max: value };
  if (typeof value !== 'string') return undefined;
  const [lo, hi, extra] = value.split('..');
  if (hi === undefined || extra !== undefined) return undefined;
  const min = Number(lo);
  const max = Number(hi);
  return Number.isFinite(min) && Number.isFinite(max) && lo.trim() !== '' && hi.trim() !== ''
    ? { min, max }
    : undefined;
}

/** The spec of a validated `generate:` item, or the path and reason of the first knob that makes no sense. */
export function toPopulationSpec(
  raw: Record<string, unknown>,
): PopulationSpec | { readonly path: string[]; readonly message: string } {
  const groups = { ...SYNTH_DEFAULTS.groups, ...(raw.groups as object | undefined) } as Record<string, unknown>;
  const ranges: [string[], unknown, 'count' | 'share'][] = [
    [['companies'], raw.companies ?? SYNTH_DEFAULTS.companies, 'count'],
    [['groups', 'perClient'], groups.perClient, 'count'],
    [['fill'], raw.fill ?? SYNTH_DEFAULTS.fill, 'share'],
  ];
  const parsed: Range[] = [];
  for (const [path, value, kind] of ranges) {
    const range = parseRange(value);
    const fits =
      kind === 'share' ? range && range.max <= 1 : range && Number.isInteger(range.min) && Number.isInteger(range.max);
    if (!range || !fits || range.min > range.max) {
      const what = kind === 'share' ? 'shares within 0..1' : 'whole numbers';
      return {
        path,
        message: `${path.join('.')} must be a range "lo..hi" of ${what} with lo <= hi; got ${JSON.stringify(value)}`,
      };
    }
    parsed.push(range);
  }
  const control = Object.fromEntries(PASSED_CONTROL_KEYS.filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]]));
  const pick = <T>(key: keyof typeof SYNTH_DEFAULTS): T => (raw[key] ?? SYNTH_DEFAULTS[key]) as T;
  return {
    tokens: raw.tokens as string,
    count: raw.count as number,
    seed: pick('seed'),
    locale: pick('locale'),
    type: pick('type'),
    disabled: pick('disabled'),
    companies: parsed[0],
    entrepreneurs: pick('entrepreneurs'),
    groups: { trees: groups.trees as number, depth: groups.depth as number, perClient: parsed[1] },
    branches: pick('branches'),
    fill: parsed[2],
    deprecated: pick('deprecated'),
    errors: pick('errors'),
    error: pick('error'),
    crm: pick('crm'),
    firstId: pick('firstId'),
    control,
  };
}
