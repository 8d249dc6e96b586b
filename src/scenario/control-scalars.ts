import type { JsonSchema } from '../protocol/json-schema';
import type { NodePath } from './locate-node';

/**
 * How many values a file may reach through aliases: each `*name` counts every value inside what
 * it names, and again for aliases inside that. js-yaml shares an anchored value rather than
 * copying it, but the schema check and the compiler walk every use, so a few lines of nested
 * aliases ("billion laughs") would hold the process for minutes.
 */
export const MAX_ALIAS_VALUES = 1_000_000;

/** Thrown when a file reaches more than MAX_ALIAS_VALUES values through aliases; `path` is where. */
export class TooManyAliasValues extends Error {
  constructor(readonly path: NodePath) {
    super(`more than ${MAX_ALIAS_VALUES.toLocaleString('en-US')} values reached through aliases`);
  }
}

/**
 * Turns the text of a control key's plain scalar into the number or boolean its schema asks for
 * (`status: 503`, `chance: 0.05`, `expire: { after: 3 }`, `deprecated: true`), in place; card
 * fields are strings in the schema and keep their text. A schema that also admits free text
 * (header values) keeps the text. Considered Ajv's `coerceTypes`: it leaves "3" a string where a
 * type union admits strings (`after: 3` would fail its "30s" pattern) and turns null into "".
 */
export function convertControlScalars(data: unknown, schema: JsonSchema): unknown {
  const walk = new SchemaWalk(schema);
  return walk.visit(data, schema, [], false);
}

const CORE_NUMBER = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const CORE_BOOLEAN: Record<string, boolean> = { true: true, True: true, TRUE: true, false: false, False: false, FALSE: false };

class SchemaWalk {
  private readonly seen = new WeakSet<object>();
  private aliasValues = 0;

  constructor(private readonly root: JsonSchema) {}

  /** `path` is one array pushed and popped as the walk goes, copied only for the error. */
  visit(value: unknown, schema: JsonSchema | undefined, path: (string | number)[], viaAlias: boolean): unknown {
    if (viaAlias && ++this.aliasValues > MAX_ALIAS_VALUES) throw new TooManyAliasValues([...path]);
    const node = this.resolve(schema);
    if (typeof value === 'string') return node ? convertScalar(value, node) : value;
    if (value === null || typeof value !== 'object') return value;
    const again = viaAlias || this.seen.has(value);
    this.seen.add(value);
    const picked = branches(node, value);
    if (picked.length === 0) this.visitChildren(value as Record<string, unknown>, undefined, path, again);
    for (const branch of picked) this.visitChildren(value as Record<string, unknown>, branch, path, again);
    return value;
  }

  private visitChildren(value: Record<string, unknown>, node: JsonSchema | undefined, path: (string | number)[], viaAlias: boolean): void {
    if (Array.isArray(value)) {
      const items = node?.items as JsonSchema | undefined;
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        value[i] = this.visit(value[i], items, path, viaAlias);
        path.pop();
      }
      return;
    }
    const properties = node?.properties as Record<string, JsonSchema> | undefined;
    const rest = typeof node?.additionalProperties === 'object' ? (node.additionalProperties as JsonSchema) : undefined;
    for (const key in value) {
      path.push(key);
      value[key] = this.visit(value[key], (properties && Object.hasOwn(properties, key) ? properties[key] : undefined) ?? rest, path, viaAlias);
      path.pop();
    }
  }

  /** The schema behind a `$ref` into `$defs` (the only references the scenario schema uses). */
  private resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
    let node = schema;
    while (node && typeof node.$ref === 'string') node = (this.root.$defs as Record<string, JsonSchema>)[node.$ref.replace('#/$defs/', '')];
    return node;
  }
}

/** The schemas that describe a collection: itself, or the `then`/`else` its `if` picks by type. */
function branches(node: JsonSchema | undefined, value: object): JsonSchema[] {
  if (!node) return [];
  if (!node.if) return [node];
  const wanted = (node.if as JsonSchema).type;
  const isObject = !Array.isArray(value);
  const picked = wanted === 'object' ? (isObject ? node.then : node.else) : wanted === 'array' ? (isObject ? node.else : node.then) : node.else;
  return picked ? [picked as JsonSchema] : [];
}

function convertScalar(text: string, node: JsonSchema): unknown {
  if (node.if) return convertScalar(text, ((node.if as JsonSchema).type === 'string' ? node.then : node.else) as JsonSchema);
  const types = ([] as unknown[]).concat(node.type ?? []);
  const freeText = types.includes('string') && node.pattern === undefined;
  if ((types.includes('number') || types.includes('integer')) && !freeText && CORE_NUMBER.test(text)) return Number(text);
  if (types.includes('boolean') && !types.includes('string') && Object.hasOwn(CORE_BOOLEAN, text)) return CORE_BOOLEAN[text];
  return text;
}
