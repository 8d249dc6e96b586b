import type { JsonSchema } from '../../protocol/json-schema';

/**
 * Turns the text of a control key's plain scalar into the number or boolean its schema asks for
 * (`status: 503`, `chance: 0.05`, `expire: { after: 3 }`, `deprecated: true`), in place; card
 * fields are strings in the schema and keep their text. A schema that also admits free text
 * (header values) keeps the text. Considered Ajv's `coerceTypes`: it leaves "3" a string where a
 * type union admits strings (`after: 3` would fail its "30s" pattern) and turns null into "".
 */
export function convertControlScalars(data: unknown, schema: JsonSchema): unknown {
  return new SchemaWalk(schema).visit(data, schema);
}

const CORE_NUMBER = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const CORE_BOOLEAN: Record<string, boolean> = { true: true, True: true, TRUE: true, false: false, False: false, FALSE: false };

class SchemaWalk {
  constructor(private readonly root: JsonSchema) {}

  visit(value: unknown, schema: JsonSchema | undefined): unknown {
    const node = this.resolve(schema);
    if (typeof value === 'string') return node ? convertScalar(value, node) : value;
    if (value === null || typeof value !== 'object' || !node) return value;
    for (const branch of branches(node, value)) this.visitChildren(value as Record<string, unknown>, branch);
    return value;
  }

  private visitChildren(value: Record<string, unknown>, node: JsonSchema): void {
    if (Array.isArray(value)) {
      const items = node.items as JsonSchema | undefined;
      if (items) for (let i = 0; i < value.length; i++) value[i] = this.visit(value[i], items);
      return;
    }
    const properties = node.properties as Record<string, JsonSchema> | undefined;
    const rest = typeof node.additionalProperties === 'object' ? (node.additionalProperties as JsonSchema) : undefined;
    for (const key in value) {
      const child = (properties && Object.hasOwn(properties, key) ? properties[key] : undefined) ?? rest;
      if (child) value[key] = this.visit(value[key], child);
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
function branches(node: JsonSchema, value: object): JsonSchema[] {
  if (!node.if) return [node];
  const wanted = (node.if as JsonSchema).type;
  const isObject = !Array.isArray(value);
  const picked = wanted === 'object' ? (isObject ? node.then : node.else) : wanted === 'array' ? (isObject ? node.else : node.then) : node.else;
  return picked ? [picked as JsonSchema] : [];
}

/** What a scalar at a schema node may become: decided once per node, as every card field asks. */
interface ScalarPlan {
  readonly number: boolean;
  readonly boolean: boolean;
}

const plans = new WeakMap<JsonSchema, ScalarPlan>();

function planOf(node: JsonSchema): ScalarPlan {
  let plan = plans.get(node);
  if (!plan) {
    const types = ([] as unknown[]).concat(node.type ?? []);
    const freeText = types.includes('string') && node.pattern === undefined;
    plan = { number: (types.includes('number') || types.includes('integer')) && !freeText, boolean: types.includes('boolean') && !types.includes('string') };
    plans.set(node, plan);
  }
  return plan;
}

function convertScalar(text: string, node: JsonSchema): unknown {
  if (node.if) return convertScalar(text, ((node.if as JsonSchema).type === 'string' ? node.then : node.else) as JsonSchema);
  const plan = planOf(node);
  if (plan.number && CORE_NUMBER.test(text)) return Number(text);
  if (plan.boolean && Object.hasOwn(CORE_BOOLEAN, text)) return CORE_BOOLEAN[text];
  return text;
}
