import { FAILSAFE_SCHEMA, load, Type } from 'js-yaml';

/**
 * A second YAML reader, for speed: js-yaml reads a big scenario file ~10x faster than `yaml`
 * (~60 ms against ~600 ms for 785 KB), but keeps no positions. The loader reads every file with
 * this first and parses it with `yaml` (parse-scenario-file.ts) only where a position is needed:
 * a problem to report, or a text this reader declines. What it returns must be exactly what
 * `yaml`'s `toJS()` gives for the same text; test/scenario/fast-yaml.test.ts holds the two
 * readers to that over every shipped scenario and a corpus of awkward scalars.
 */

// `yaml`'s YAML 1.2 core schema, tag for tag (node_modules/yaml/dist/schema/core): js-yaml's own
// core schema also takes `0b101`, `1_000` and `+.5e3`-style forms that `yaml` reads as strings.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

function resolveInt(text: string): number {
  if (INT_OCT.test(text)) return parseInt(text.substring(2), 8);
  if (INT_HEX.test(text)) return parseInt(text.substring(2), 16);
  return parseInt(text, 10);
}

function resolveFloat(text: string): number {
  if (!FLOAT_NAN.test(text)) return parseFloat(text);
  if (text.slice(-3).toLowerCase() === 'nan') return NaN;
  return text[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

const CORE_AS_YAML_READS_IT = FAILSAFE_SCHEMA.extend({
  implicit: [
    new Type('tag:yaml.org,2002:null', { kind: 'scalar', resolve: (t: string) => NULL.test(t), construct: () => null }),
    new Type('tag:yaml.org,2002:bool', { kind: 'scalar', resolve: (t: string) => BOOL.test(t), construct: (t: string) => t[0] === 't' || t[0] === 'T' }),
    new Type('tag:yaml.org,2002:int', { kind: 'scalar', resolve: (t: string) => INT_OCT.test(t) || INT.test(t) || INT_HEX.test(t), construct: resolveInt }),
    new Type('tag:yaml.org,2002:float', {
      kind: 'scalar',
      resolve: (t: string) => FLOAT_NAN.test(t) || FLOAT_EXP.test(t) || FLOAT.test(t),
      construct: resolveFloat,
    }),
  ],
});

/**
 * What the two readers could disagree on, so a text using it is left to `yaml`: anchors, aliases
 * and tags (`&a`, `*a`, `!t` at the start of a node), merge keys, directives and document
 * markers, `__proto__`, keys that are null (`yaml` makes them "", js-yaml "null") and keys that
 * are collections or explicit (`[a]: 1`, `? a`), which the two turn into different strings.
 * Over-matching only costs speed: "Roga & Kopyta" sends its file to `yaml`, still correctly.
 */
const DECLINED = /(^|[\s[{,:-])[&*!][^\s,[\]{}]|<<|^(%|---|\.\.\.)|__proto__|(^|[\s{,?-])(~|null|Null|NULL)?\s*:(\s|$)|[\]}]\s*:(\s|$)|(^|\s)\?(\s|$)/m;

/**
 * The data of a scenario file as `yaml` would read it, or undefined when this reader declines
 * the text or finds it broken (a syntax error, a repeated key): `yaml` then reads it and reports.
 */
export function loadPlainYaml(text: string): Record<string, unknown> | undefined {
  if (DECLINED.test(text)) return undefined;
  let data: unknown;
  try {
    data = load(text, { schema: CORE_AS_YAML_READS_IT });
  } catch {
    return undefined;
  }
  if (data === undefined || data === null) return {};
  return typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}
