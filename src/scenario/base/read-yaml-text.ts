import * as jsYaml from 'js-yaml';
import { FAILSAFE_SCHEMA, load, YAMLException, type LoadOptions, type Type } from 'js-yaml';
import { AliasBudget } from './alias-budget';
import type { SourceRef } from './problem';

/**
 * Every scalar as the text it was written with (YAML's failsafe schema), except a plain `~`,
 * `null` or nothing, which is null, and `<<` merge keys. A card field is sent exactly as written
 * (`00123`, `17.40`, `1e3`, `false`); control keys that need a number or a boolean are converted
 * afterwards, from the schema (control-scalars.ts).
 */
const { types } = jsYaml as unknown as { types: { null: Type; merge: Type } }; // exported, but not in @types/js-yaml
const TEXT_SCHEMA = FAILSAFE_SCHEMA.extend({ implicit: [types.null, types.merge] });

/** How deep collections may nest; deeper is a syntax error (parse-scenario-file.ts says so). */
export const MAX_NESTING = 100;

/** A text's data, and where each key under `tokens:` stands when they could be told apart. */
export interface YamlText {
  readonly data: unknown;
  readonly tokenPlaces: ReadonlyMap<string, SourceRef> | undefined;
}

/**
 * Reads YAML (JSON is YAML too) with js-yaml, chosen for speed: any style of a 1,000-token file
 * reads in ~20 ms, where the `yaml` library takes ~400 ms. `yaml` is still what places a
 * problem (parse-scenario-file.ts), so only a file with a message to place pays for it.
 * Throws js-yaml's YAMLException on a syntax error, and TooManyAliasValues (alias-budget.ts).
 */
export function readYamlText(file: string, text: string): YamlText {
  const places = new NodeEvents(file, new AliasBudget());
  // maxDepth is js-yaml 4.3's option, which @types/js-yaml does not know yet.
  const options: LoadOptions & { maxDepth: number } = {
    schema: TEXT_SCHEMA,
    filename: file,
    listener: places.listener,
    maxDepth: MAX_NESTING,
  };
  const data = load(text, options);
  return { data, tokenPlaces: places.matching(data) };
}

export { YAMLException };

/** One node js-yaml composed: where it opened and what it became; the shallow ones keep their children. */
interface NodeEvent {
  readonly line: number;
  readonly column: number;
  readonly opensWith: string;
  result?: unknown;
  readonly children: NodeEvent[];
}

/** Nodes kept: the tokens map's keys are at depth 2 of js-yaml's node events, or 3 under a flow root, which nests one more. */
const KEPT_DEPTH = 4;

/** What a deeper node's open pushes: nothing is kept about it, so nothing is allocated. */
const DEEP = 0;

type Open = NodeEvent | typeof DEEP | { readonly alias: true; readonly line: number; readonly column: number };

interface ListenerState {
  line: number;
  position: number;
  lineStart: number;
  result: unknown;
  input: string;
}

/**
 * js-yaml's node events, read for two things. Where each key of the root's `tokens:` map opens:
 * every served token carries its place (the request log names it), and finding 10,000 of them
 * with the `yaml` library would cost a whole second parse. A map's events are its keys and values
 * in turn; only the shallowest nodes are kept, and the tokens map is found among them afterwards.
 * And each alias (a node that opens with `*`), to spend what it reaches from the alias budget.
 */
class NodeEvents {
  private readonly open: Open[] = [];
  private readonly shallow: NodeEvent[] = [];

  constructor(
    private readonly file: string,
    private readonly budget: AliasBudget,
  ) {}

  readonly listener = (event: 'open' | 'close', state: ListenerState): void => {
    if (event === 'close') {
      if (typeof state.result === 'string' && state.result.length >= SLICED_FROM) state.result = ownCopy(state.result);
      const node = this.open.pop()!;
      if (node === DEEP) return;
      if ('alias' in node) this.budget.spend(state.result, node.line, node.column);
      else node.result = state.result;
      return;
    }
    const alias = aliasAt(state);
    if (this.open.length >= KEPT_DEPTH) {
      this.open.push(alias ?? DEEP);
      return;
    }
    const node: NodeEvent = {
      line: state.line + 1,
      column: state.position - state.lineStart + 1,
      opensWith: state.input[state.position],
      children: [],
    };
    (this.open[this.open.length - 1] as NodeEvent | undefined)?.children.push(node);
    this.shallow.push(node);
    // A shallow alias is still a node of the map it is in; it spends on the budget as it closes.
    this.open.push(alias ? Object.assign(node, { alias: true as const }) : node);
  };

  /** The places, if the tokens map's keys are exactly the data's tokens in order (an explicit `? key` is left to `yaml`). */
  matching(data: unknown): ReadonlyMap<string, SourceRef> | undefined {
    const tokens = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).tokens : undefined;
    if (tokens === null || typeof tokens !== 'object') return new Map();
    const names = Object.keys(tokens);
    const map = this.shallow.find((n) => n.result === tokens && n.children.length === 2 * names.length);
    if (!map) return undefined;
    const keys = map.children.filter((_, i) => i % 2 === 0);
    if (keys.some((key, i) => key.result !== names[i] || !opensKey(key.opensWith, names[i]))) return undefined;
    return new Map(keys.map((key, i) => [names[i], { file: this.file, line: key.line, column: key.column }]));
  }
}

/** V8 makes a substring this long or longer a slice of its parent string (SlicedString::kMinLength). */
const SLICED_FROM = 13;

/**
 * A copy of a scalar that holds no reference to the file's text. js-yaml takes a plain scalar as
 * `input.slice(...)`, which V8 makes a slice of the whole text, so a card's name kept for the
 * served set kept every file's text alive beside its data for as long as it was served (785 KB
 * for the bench's 1,000 tokens, the whole file for a large one read on this thread). V8 takes a
 * slice of a joined string from a flat copy of it, so the slice of ` ${text}` refers to a copy one
 * character longer than the scalar, and no longer to the file's text.
 * Considered: a deep copy of the data afterwards (structuredClone, a JSON round trip), which
 * copies every key and value rather than only the long scalars as they are read.
 */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/**
 * The place of the alias a node opens with, if it does: js-yaml reports the open before the
 * blanks, line breaks and comments that precede the node, and `*` cannot start any other node.
 */
function aliasAt(
  state: ListenerState,
): { readonly alias: true; readonly line: number; readonly column: number } | undefined {
  const text = state.input;
  let at = state.position;
  let line = state.line;
  let lineStart = state.lineStart;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code === 32 || code === 9 || code === 13) at++;
    else if (code === 10) {
      line++;
      lineStart = ++at;
    } else if (code === 35) while (at < text.length && text.charCodeAt(at) !== 10) at++;
    else break;
  }
  return text.charCodeAt(at) === 42 ? { alias: true, line: line + 1, column: at - lineStart + 1 } : undefined;
}

/** Whether a node that opens with `char` is where key `name` is written: its first character, or a quote. */
function opensKey(char: string | undefined, name: string): boolean {
  return char === '"' || char === "'" || (char !== undefined && char === name[0]);
}
