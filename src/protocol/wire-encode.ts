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

// A map per resource, not a scan of the table per key: synthetic cards are encoded per request.
const SPECS_BY_NAME: Readonly<Record<ResourceName, ReadonlyMap<string, FieldSpec>>> = (() => {
  const byName = {} as Record<ResourceName, ReadonlyMap<string, FieldSpec>>;
  for (const resource of RESOURCE_NAMES) byName[resource] = new Map(RESOURCES[resource].map((spec) => [spec.name, spec]));
  return byName;
})();

/**
 * Turns an authored resource (already validated against the field table) into its wire form:
 * fields newer than the served version and module-gated fields are left out, and scalars are
 * encoded per the wire style. Keys keep the author's order.
 */
export function encodeResource(resource: ResourceName, value: Record<string, unknown>, options: WireOptions): Record<string, Json> {
  const out: Record<string, Json> = {};
  const specs = SPECS_BY_NAME[resource];
  for (const name in value) {
    const raw = value[name];
    const spec = specs.get(name);
    if (!spec || !isServed(spec, options) || raw === undefined) continue;
    out[name] = encodeValue(spec.type, raw, options);
  }
  return out;
}

/** Whether a field is part of the answer under these options. */
export function isServed(spec: FieldSpec, options: WireOptions): boolean {
  if (!isIntroducedBy(spec.since, options.version)) return false;
  return !spec.needsCompanyModule || isCompanyListServed(options.modules);
}

function encodeValue(type: FieldType, raw: unknown, options: WireOptions): Json {
  if (raw === null) return null;
  if (typeof type === 'object') {
    if ('one' in type) return encodeResource(type.one, raw as Record<string, unknown>, options);
    return (raw as Record<string, unknown>[]).map((item) => encodeResource(type.list, item, options));
  }
  if (type === 'Map<String,String>') {
    const map = raw as Record<string, unknown>;
    return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, String(v)]));
  }
  return encodeScalar(type, raw, options.wire);
}

/**
 * Reference, "Resources and their fields": every scalar is written as a JSON string, exactly as the
 * author wrote it (`00123` stays `"00123"`). `typed` sends an Integer or Long as a JSON number and a
 * Boolean as a JSON boolean when the text is one exactly; other text goes as written (a load-time
 * warning says so: typed-scalar-rules.ts).
 */
export function encodeScalar(type: FieldType, raw: unknown, wire: WireStyle): Json {
  const text = String(raw);
  if (wire === 'strings') return text;
  if (type === 'Boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if ((type === 'Integer' || type === 'Long') && isJsonInteger(text)) return Number(text);
  return text;
}

/** Whether a text is a whole number that a JSON number carries unchanged: no leading zero, plus sign or minus zero, within 2^53. */
export function isJsonInteger(text: string): boolean {
  return /^(0|-?[1-9]\d*)$/.test(text) && Number.isSafeInteger(Number(text));
}
