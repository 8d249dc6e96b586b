import type { JsonSchema } from '../../protocol/json-schema';

/**
 * Turns the text of a control key's plain scalar into the number or boolean its schema asks for
 * (`status: 503`, `chance: 0.05`, `expire: { after: 3 }`, `deprecated: true`), in place; card
 * fields are strings in the schema and keep their text. A schema that also admits free text
 * (header values) keeps the text. Considered Ajv's `coerceTypes`: it leaves "3" a string where a
 * type union admits strings (`after: 3` would fail its "30s" pattern) and turns null into "".
 */
export function convertControlScalars(data: unknown, schema: JsonSchema): unknown {
  let walk = walks.get(schema);
  if (!walk) walks.set(schema, (walk = new SchemaWalk(schema)));
  return walk.visit(data, schema);
}

/** One walk per schema (the schemas are built once and never change), so what it learns of a schema is learnt once. */
const walks = new WeakMap<JsonSchema, SchemaWalk>();

const CORE_NUMBER = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const CORE_BOOLEAN: Record<string, boolean> = {
  true: true,
  True: true,
  TRUE: true,
  false: false,
  False: false,
  FALSE: false,
};

class SchemaWalk {
  /** Per schema node, whether a scalar under it may become a number or a boolean (see converts). */
  private readonly converting = new Map<JsonSchema, boolean>();

  constructor(private readonly root: JsonSchema) {}

  visit(value: unknown, schema: JsonSchema | undefined): unknown {
    const resolved = this.resolve(schema);
    const node = resolved && branchOf(resolved, value);
    if (!node) return value;
    if (typeof value === 'string') return convertScalar(value, node);
    if (value !== null && typeof value === 'object') this.visitChildren(value as Record<string, unknown>, node);
    return value;
  }

  private visitChildren(value: Record<string, unknown>, node: JsonSchema): void {
    if (Array.isArray(value)) {
      const items = node.items as JsonSchema | undefined;
      if (items && this.converts(items)) for (let i = 0; i < value.length; i++) value[i] = this.visit(value[i], items);
      return;
    }
    const properties = node.properties as Record<string, JsonSchema> | undefined;
    const rest = typeof node.additionalProperties === 'object' ? (node.additionalProperties as JsonSchema) : undefined;
    for (const key in value) {
      const child = (properties && Object.hasOwn(properties, key) ? properties[key] : undefined) ?? rest;
      if (child && this.converts(child)) value[key] = this.visit(value[key], child);
    }
  }

  /**
   * Whether a scalar at or under `schema` may become a number or a boolean. A subtree with none
   * (a card's fields, most of a file) is not walked at all. A node met again while it is being
   * decided (a recursive `$ref`) counts as converting, which only walks more.
   */
  private converts(schema: JsonSchema): boolean {
    const known = this.converting.get(schema);
    if (known !== undefined) return known;
    this.converting.set(schema, true);
    const node = this.resolve(schema);
    const answer = node !== undefined && this.nodeConverts(node);
    this.converting.set(schema, answer);
    return answer;
  }

  private nodeConverts(node: JsonSchema): boolean {
    if (node.if) return [node.then, node.else].some((b) => b !== undefined && this.converts(b as JsonSchema));
    const types = ([] as unknown[]).concat(node.type ?? []);
    if (types.includes('number') || types.includes('integer') || types.includes('boolean')) return true;
    const children = [
      ...Object.values((node.properties ?? {}) as Record<string, JsonSchema>),
      ...(typeof node.additionalProperties === 'object' ? [node.additionalProperties as JsonSchema] : []),
      ...(node.items ? [node.items as JsonSchema] : []),
    ];
    return children.some((child) => this.converts(child));
  }

  /** The schema behind a `$ref` into `$defs` (the only references the scenario schema uses). */
  private resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
    let node = schema;
    while (node && typeof node.$ref === 'string')
      node = (this.root.$defs as Record<string, JsonSchema>)[node.$ref.replace('#/$defs/', '')];
    return node;
  }
}

/** The schema that describes `value` at a node: the node itself, or the `then`/`else` its `if` picks by the value's type. */
function branchOf(node: JsonSchema, value: unknown): JsonSchema | undefined {
  if (!node.if) return node;
  const wanted = (node.if as JsonSchema).type;
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  const matches =
    wanted === 'string'
      ? typeof value === 'string'
      : wanted === 'array'
        ? Array.isArray(value)
        : wanted === 'object' && isObject;
  const picked = (matches ? node.then : node.else) as JsonSchema | undefined;
  return picked && branchOf(picked, value);
}

/** A plain scalar as the number or boolean its node asks for; a card field (`type: 'string'`, most of a file) keeps its text at once. */
function convertScalar(text: string, node: JsonSchema): unknown {
  if (node.type === 'string') return text;
  const types = ([] as unknown[]).concat(node.type ?? []);
  const freeText = types.includes('string') && node.pattern === undefined;
  if ((types.includes('number') || types.includes('integer')) && !freeText && CORE_NUMBER.test(text))
    return Number(text);
  if (types.includes('boolean') && !types.includes('string') && Object.hasOwn(CORE_BOOLEAN, text))
    return CORE_BOOLEAN[text];
  return text;
}
