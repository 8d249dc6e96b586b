import { RESOURCE_NAMES, RESOURCES, type FieldSpec, type FieldType, type ResourceName } from './fields';
import { isCompanyListServed, MODULES, type ModuleName } from './modules';
import { isIntroducedBy, LATEST_VERSION, type ProtocolVersion } from './versions';

/** WIRE_STYLES[0], "strings", sends every scalar as a JSON string, as the reference's samples do. */
export const WIRE_STYLES = ['strings', 'typed'] as const;

export type WireStyle = (typeof WIRE_STYLES)[number];

/** What shapes a card on the wire: the protocol version, the installed modules and the scalar style. */
export interface WireOptions {
  readonly version: ProtocolVersion;
  readonly modules: readonly ModuleName[];
  readonly wire: WireStyle;
}

/** The latest version, all modules, every scalar a string. */
export const DEFAULT_WIRE_OPTIONS: WireOptions = Object.freeze({
  version: LATEST_VERSION,
  modules: MODULES,
  wire: 'strings',
});

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A resource's served fields by name, each with its JSON key ready to write. */
type ServedFields = ReadonlyMap<string, { readonly spec: FieldSpec; readonly key: string }>;

/**
 * The wire encoder for one set of options: the field table decides, once per resource, which
 * fields are served (version and module gating) and how each value is written (its type); `json`
 * then writes an authored resource straight out as wire JSON text. Keys keep the author's order;
 * the text is what JSON.stringify writes for the same wire object, byte for byte.
 */
export interface WireEncoder {
  readonly options: WireOptions;
  /** Whether `resource.field` is part of the answer under these options. */
  served(resource: ResourceName, field: string): boolean;
  /** The wire JSON text of `value`, a `resource` already validated against the field table. */
  json(resource: ResourceName, value: Readonly<Record<string, unknown>>): string;
}

/** The encoder for `options`. */
export function createWireEncoder(options: WireOptions): WireEncoder {
  const fields = {} as Record<ResourceName, ServedFields>;
  for (const name of RESOURCE_NAMES) {
    const served = RESOURCES[name].filter((spec) => isServed(spec, options));
    fields[name] = new Map(served.map((spec) => [spec.name, { spec, key: `${JSON.stringify(spec.name)}:` }]));
  }
  const json = (name: ResourceName, value: Readonly<Record<string, unknown>>): string => {
    const served = fields[name];
    let out = '';
    for (const key in value) {
      const raw = value[key];
      const field = served.get(key);
      if (field === undefined || raw === undefined) continue;
      out += (out === '' ? '{' : ',') + field.key + valueJson(field.spec.type, raw);
    }
    return out === '' ? '{}' : `${out}}`;
  };
  const valueJson = (type: FieldType, raw: unknown): string => {
    if (raw === null) return 'null';
    if (typeof type === 'object') {
      if ('one' in type) return json(type.one, raw as Record<string, unknown>);
      return `[${(raw as readonly Record<string, unknown>[]).map((item) => json(type.list, item)).join(',')}]`;
    }
    if (type === 'Map<String,String>') return mapJson(raw as Record<string, unknown>);
    return JSON.stringify(encodeScalar(type, raw, options.wire));
  };
  return { options, served: (name, field) => fields[name].has(field), json };
}

/** Whether a field is part of the answer under these options. */
export function isServed(spec: FieldSpec, options: WireOptions): boolean {
  if (!isIntroducedBy(spec.since, options.version)) return false;
  return !spec.needsCompanyModule || isCompanyListServed(options.modules);
}

/** The deprecated string map: every value as a string; Object.keys orders keys as JSON.stringify would. */
function mapJson(map: Readonly<Record<string, unknown>>): string {
  return `{${Object.keys(map).map((key) => `${JSON.stringify(key)}:${JSON.stringify(String(map[key]))}`).join(',')}}`;
}

/** Reference, "Resources and their fields": every scalar is written as a JSON string, Booleans as "true"/"false". */
export function encodeScalar(type: FieldType, raw: unknown, wire: WireStyle): Json {
  if (wire === 'strings') return String(raw);
  if (type === 'Boolean') return raw === true || raw === 'true';
  if ((type === 'Integer' || type === 'Long') && /^-?\d+$/.test(String(raw))) {
    const n = Number(raw);
    return Number.isSafeInteger(n) ? n : String(raw);
  }
  return typeof raw === 'string' ? raw : String(raw);
}
