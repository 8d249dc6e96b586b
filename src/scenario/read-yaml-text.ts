import * as jsYaml from 'js-yaml';
import { FAILSAFE_SCHEMA, load, YAMLException, type Type } from 'js-yaml';
import type { SourceRef } from './problem';

/**
 * Every scalar as the text it was written with (YAML's failsafe schema), except a plain `~`,
 * `null` or nothing, which is null, and `<<` merge keys. A card field is sent exactly as written
 * (`00123`, `17.40`, `1e3`, `false`); control keys that need a number or a boolean are converted
 * afterwards, from the schema (control-scalars.ts).
 */
const { types } = jsYaml as unknown as { types: { null: Type; merge: Type } }; // exported, but not in @types/js-yaml
const TEXT_SCHEMA = FAILSAFE_SCHEMA.extend({ implicit: [types.null, types.merge] });

/** A text's data, and where each key under `tokens:` stands when they could be told apart. */
export interface YamlText {
  readonly data: unknown;
  readonly tokenPlaces: ReadonlyMap<string, SourceRef> | undefined;
}

/**
 * Reads YAML (JSON is YAML too) with js-yaml, chosen for speed: any style of a 1,000-token file
 * reads in ~20 ms, where the `yaml` library takes ~400 ms. `yaml` is still what places a
 * problem (parse-scenario-file.ts), so only a file with a message to place pays for it.
 * Throws js-yaml's YAMLException on a syntax error.
 */
export function readYamlText(file: string, text: string): YamlText {
  const places = new TokenKeyPlaces(file);
  const data = load(text, { schema: TEXT_SCHEMA, filename: file, listener: places.listener });
  return { data, tokenPlaces: places.matching(data) };
}

export { YAMLException };

/** One node js-yaml composed: where it opened and what it became; the shallow ones keep their children. */
interface NodeEvent {
  readonly line: number;
  readonly column: number;
  readonly opensWith: string;
  result?: unknown;
  readonly children: NodeEvent[] | undefined;
}

/** The tokens map sits at most this deep in js-yaml's node events (a flow root nests one more). */
const KEPT_DEPTH = 3;

/**
 * Records where each key of the root's `tokens:` map opens, from js-yaml's node events: every
 * served token carries its place (the request log names it), and finding 10,000 of them with
 * the `yaml` library would cost a whole second parse. A map's events are its keys and values in
 * turn; only the shallowest nodes are kept, as the tokens map is found among them afterwards.
 */
class TokenKeyPlaces {
  private readonly open: NodeEvent[] = [];
  private readonly shallow: NodeEvent[] = [];

  constructor(private readonly file: string) {}

  readonly listener = (event: 'open' | 'close', state: { line: number; position: number; lineStart: number; result: unknown; input: string }): void => {
    if (event === 'open') {
      const keep = this.open.length < KEPT_DEPTH;
      const node: NodeEvent = { line: state.line + 1, column: state.position - state.lineStart + 1, opensWith: state.input[state.position], children: keep ? [] : undefined };
      this.open[this.open.length - 1]?.children?.push(node);
      this.open.push(node);
      if (keep) this.shallow.push(node);
      return;
    }
    this.open.pop()!.result = state.result;
  };

  /** The places, if the tokens map's keys are exactly the data's tokens in order (an explicit `? key` is left to `yaml`). */
  matching(data: unknown): ReadonlyMap<string, SourceRef> | undefined {
    const tokens = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).tokens : undefined;
    if (tokens === null || typeof tokens !== 'object') return new Map();
    const names = Object.keys(tokens);
    const map = this.shallow.find((n) => n.result === tokens && n.children?.length === 2 * names.length);
    if (!map) return undefined;
    const keys = map.children!.filter((_, i) => i % 2 === 0);
    if (keys.some((key, i) => key.result !== names[i] || !opensKey(key.opensWith, names[i]))) return undefined;
    return new Map(keys.map((key, i) => [names[i], { file: this.file, line: key.line, column: key.column }]));
  }
}

/** Whether a node that opens with `char` is where key `name` is written: its first character, or a quote. */
function opensKey(char: string | undefined, name: string): boolean {
  return char === '"' || char === "'" || (char !== undefined && char === name[0]);
}
