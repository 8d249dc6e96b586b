import { RESOURCE_NAMES, RESOURCES, type FieldSpec, type FieldType, type ResourceName } from './fields';
import { encodeScalar, isServed, type WireOptions } from './wire-encode';

/**
 * JSON.stringify(encodeResource(...)) in one pass, for one fixed set of WireOptions: the served
 * fields of each resource are decided once, and no intermediate wire object is built. For
 * synthetic cards, which are encoded per request; the bytes are identical to the two-step form.
 */
export interface WireJson {
  readonly options: WireOptions;
  /** Whether `resource.field` is part of the answer under these options. */
  served(resource: ResourceName, field: string): boolean;
  /** Per field of `resource`, in table order: how to write it, or undefined where it is not served. */
  tableFields(resource: ResourceName): readonly (ServedField | undefined)[];
  /** The wire JSON text of one value of a field of type `type`. */
  value(type: FieldType, raw: unknown): string;
  /** `value` specialised for one field type, with the type dispatch decided once. */
  encoder(type: FieldType): (raw: unknown) => string;
  /** The wire JSON text of an authored resource (keys in the author's order). */
  resource(resource: ResourceName, value: Readonly<Record<string, unknown>>): string;
  /** Declares `value` (a `resource`) never to change: its JSON is built now and reused wherever it is nested. */
  pin(resource: ResourceName, value: Readonly<Record<string, unknown>>): void;
}

/** A served field, with its key ready to append as a resource's first member or a later one. */
export interface ServedField {
  readonly spec: FieldSpec;
  /** `{"name":` */
  readonly first: string;
  /** `,"name":` */
  readonly next: string;
}

type ServedTable = Readonly<Record<ResourceName, readonly (ServedField | undefined)[]>>;

/** Per resource, in table order, each field's writer, or undefined where `options` leave it out. */
function servedTable(options: WireOptions): ServedTable {
  const key = (spec: FieldSpec) => `${JSON.stringify(spec.name)}:`;
  const table = {} as Record<ResourceName, readonly (ServedField | undefined)[]>;
  for (const name of RESOURCE_NAMES) {
    table[name] = RESOURCES[name].map((spec) => (isServed(spec, options) ? { spec, first: `{${key(spec)}`, next: `,${key(spec)}` } : undefined));
  }
  return table;
}

/** The writer for `options`. */
export function createWireJson(options: WireOptions): WireJson {
  const table = servedTable(options);
  const fields = {} as Record<ResourceName, ReadonlyMap<string, ServedField>>;
  for (const name of RESOURCE_NAMES) fields[name] = new Map(table[name].flatMap((f) => (f ? [[f.spec.name, f] as const] : [])));
  const pinned = new WeakMap<object, string>();
  const resource = (name: ResourceName, value: Readonly<Record<string, unknown>>): string => {
    const known = pinned.get(value);
    if (known !== undefined) return known;
    const specs = fields[name];
    let out = '';
    for (const key in value) {
      const raw = value[key];
      const field = specs.get(key);
      if (field === undefined || raw === undefined) continue;
      out += (out === '' ? field.first : field.next) + valueJson(field.spec.type, raw);
    }
    return out === '' ? '{}' : `${out}}`;
  };
  const valueJson = (type: FieldType, raw: unknown): string => {
    if (raw === null) return 'null';
    if (typeof type === 'object') {
      if ('one' in type) return resource(type.one, raw as Record<string, unknown>);
      const items = raw as readonly Record<string, unknown>[];
      let out = '[';
      for (let i = 0; i < items.length; i += 1) out += (i === 0 ? '' : ',') + resource(type.list, items[i]);
      return `${out}]`;
    }
    if (type === 'Map<String,String>') return mapJson(raw as Record<string, unknown>);
    const scalar = encodeScalar(type, raw, options.wire);
    return typeof scalar === 'string' ? quote(scalar) : JSON.stringify(scalar);
  };
  return {
    options,
    served: (name, field) => fields[name].has(field),
    tableFields: (name) => table[name],
    value: valueJson,
    encoder: (type) => scalarEncoder(type, options) ?? ((raw) => valueJson(type, raw)),
    resource,
    pin(name, value) {
      if (!pinned.has(value)) pinned.set(value, resource(name, value));
    },
  };
}

/** valueJson for the scalars a card writes most, or undefined for types that keep the general path. */
function scalarEncoder(type: FieldType, options: WireOptions): ((raw: unknown) => string) | undefined {
  if (typeof type === 'object' || type === 'Map<String,String>') return undefined;
  const text = (raw: unknown) => (typeof raw === 'string' ? quote(raw) : raw === null ? 'null' : quote(String(raw)));
  if (options.wire === 'strings' && type === 'Boolean') return (raw) => (raw === true ? '"true"' : raw === false ? '"false"' : text(raw));
  return options.wire === 'strings' || type === 'String' || type === 'Date' ? text : undefined;
}

function mapJson(map: Readonly<Record<string, unknown>>): string {
  let out = '';
  // Object.keys, not for-in: the same keys, in the same order, as encodeResource's Object.entries.
  for (const key of Object.keys(map)) out += (out === '' ? '{' : ',') + quote(key) + ':' + quote(String(map[key]));
  return out === '' ? '{}' : `${out}}`;
}

/** What JSON.stringify would escape in a string: quotes, backslashes, control characters, surrogates (lone ones). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(text), ~3x faster for the usual string that needs no escape (a card has ~50). */
function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}
