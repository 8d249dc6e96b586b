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

/** A served field: its key as a resource's first member and as a later one, and its value's writer. */
interface ServedField {
  readonly first: string;
  readonly next: string;
  readonly write: (raw: unknown) => string;
}

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
  const fields = {} as Record<ResourceName, ReadonlyMap<string, ServedField>>;
  const json = (name: ResourceName, value: Readonly<Record<string, unknown>>): string => {
    const served = fields[name];
    let out = '';
    for (const key in value) {
      const raw = value[key];
      const field = served.get(key);
      if (field === undefined || raw === undefined) continue;
      out += (out === '' ? field.first : field.next) + (raw === null ? 'null' : field.write(raw));
    }
    return out === '' ? '{}' : `${out}}`;
  };
  // Each field's writer is chosen from its type once, so a value is written without a type dispatch.
  const writerOf = (type: FieldType): ((raw: unknown) => string) => {
    if (typeof type === 'string') {
      if (type === 'Map<String,String>') return (raw) => mapJson(raw as Record<string, unknown>);
      return (raw) => {
        const scalar = encodeScalar(type, raw, options.wire);
        return typeof scalar === 'string' ? quote(scalar) : JSON.stringify(scalar);
      };
    }
    if ('one' in type) return (raw) => json(type.one, raw as Record<string, unknown>);
    return (raw) => {
      const items = raw as readonly Record<string, unknown>[];
      let out = '';
      for (let i = 0; i < items.length; i += 1) out += (i === 0 ? '' : ',') + json(type.list, items[i]);
      return `[${out}]`;
    };
  };
  for (const name of RESOURCE_NAMES) {
    const served = RESOURCES[name].filter((spec) => isServed(spec, options));
    const key = (spec: FieldSpec) => `${JSON.stringify(spec.name)}:`;
    fields[name] = new Map(
      served.map((spec) => [spec.name, { first: `{${key(spec)}`, next: `,${key(spec)}`, write: writerOf(spec.type) }]),
    );
  }
  return { options, served: (name, field) => fields[name].has(field), json };
}

/** Whether a field is part of the answer under these options. */
function isServed(spec: FieldSpec, options: WireOptions): boolean {
  if (!isIntroducedBy(spec.since, options.version)) return false;
  return !spec.needsCompanyModule || isCompanyListServed(options.modules);
}

/** What JSON.stringify escapes in a string: quotes, backslashes, control characters, lone surrogates. */
// eslint-disable-next-line no-control-regex -- the control characters are what this class matches
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(text), without its cost for the usual text that needs no escape (a card has ~50). */
function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** The deprecated string map: every value as a string; Object.keys orders keys as JSON.stringify would. */
function mapJson(map: Readonly<Record<string, unknown>>): string {
  return `{${Object.keys(map)
    .map((key) => `${JSON.stringify(key)}:${JSON.stringify(String(map[key]))}`)
    .join(',')}}`;
}

/**
 * Reference, "Resources and their fields": every scalar is written as a JSON string, exactly as the
 * author wrote it (`00123` stays `"00123"`). `typed` sends an Integer or Long as a JSON number and a
 * Boolean as a JSON boolean when the text is one exactly; other text goes as written (a load-time
 * warning says so: typed-scalar-rules.ts).
 */
function encodeScalar(type: FieldType, raw: unknown, wire: WireStyle): Json {
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
