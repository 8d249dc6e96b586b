import { nestedResource, RESOURCES, type FieldType, type ResourceName } from '../protocol/fields';
import type { WireJson } from '../protocol/wire-json';
import type { FieldRules } from './assemble-resource';

/** How a population's texts and nested resources are written. */
export interface WriterOptions {
  /** The rules' texts need no JSON escape (PopulationContext.plain), so scalars are written as they are. */
  readonly plain: boolean;
  /** Resources whose values are pinned in the wire (catalogue branches and groups): written from the pin. */
  readonly pinned: readonly ResourceName[];
}

/** One field a compiled writer fills: its rule, and how to write its value (no encoder: drawn, not served). */
interface WriterStep<F> {
  readonly rule: (facts: F) => unknown;
  readonly encode: ((raw: unknown) => string) | undefined;
  /** A plain scalar sent as a string: written with its opening quote, its closing one left to what follows. */
  readonly quoted: boolean;
  /** The key as the resource's first member, as a later one, and as a later one after an open quote. */
  readonly first: string;
  readonly next: string;
  readonly afterQuote: string;
}

/**
 * assembleResource and its wire encoding in one pass, compiled once per wire and field profile:
 * which fields to fill, their keys and value encoders are decided here, so a card runs a flat
 * loop. The same rules run in the same order as assembleResource (so the same random draws are
 * taken, served or not), but each value is written straight out as wire JSON. With plain texts,
 * a string value's closing quote goes out with the next key (`","next":"`): fewer, longer
 * pieces, which makes the card's string cheaper to flatten into bytes.
 */
export function compileResourceWriter<F>(wire: WireJson, resource: ResourceName, rules: FieldRules<F>, how: WriterOptions, keep?: readonly boolean[]): (facts: F) => string {
  const specs = RESOURCES[resource];
  const served = wire.tableFields(resource);
  const steps: WriterStep<F>[] = [];
  for (let i = 0; i < specs.length; i += 1) {
    const spec = specs[i];
    const rule = rules[spec.name];
    if ((keep !== undefined && !keep[i] && !spec.required) || rule === undefined) continue;
    const field = served[i];
    const quoted = field !== undefined && how.plain && sentAsString(spec.type, wire);
    const open = quoted ? '"' : '';
    const [first, next] = [field?.first ?? '', field?.next ?? ''];
    const encode = field && (nestedEncoder(wire, spec.type, how) ?? wire.encoder(spec.type));
    steps.push({ rule, encode, quoted, first: first + open, next: next + open, afterQuote: `"${next}${open}` });
  }
  return (facts) => {
    let out = '';
    let open = false;
    for (let i = 0; i < steps.length; i += 1) {
      const step = steps[i];
      const value = step.rule(facts);
      if (value === undefined || step.encode === undefined) continue;
      const key = out === '' ? step.first : open ? step.afterQuote : step.next;
      // A rule's scalar is a string, number or boolean; anything else takes the encoder, unquoted.
      if (step.quoted && typeof value !== 'object') {
        out += key + (value as string);
        open = true;
      } else {
        out += (step.quoted ? key.slice(0, -1) : key) + step.encode(value);
        open = false;
      }
    }
    return out === '' ? '{}' : open ? `${out}"}` : `${out}}`;
  };
}

/** Whether a field's values go on the wire as JSON strings (every scalar under "strings"; texts and dates always). */
function sentAsString(type: FieldType, wire: WireJson): boolean {
  if (typeof type === 'object' || type === 'Map<String,String>') return false;
  return wire.options.wire === 'strings' || type === 'String' || type === 'Date';
}

/**
 * For plain texts, a writer of a nested resource a rule builds per card (contacts, links, extra
 * fields) that reads its served fields in table order, the order the rules build them in, with no
 * escape checks; undefined for scalars, pinned resources and texts that need checks.
 */
function nestedEncoder(wire: WireJson, type: FieldType, how: WriterOptions): ((raw: unknown) => string) | undefined {
  const resource = nestedResource(type);
  if (!how.plain || resource === undefined || how.pinned.includes(resource) || typeof type !== 'object') return undefined;
  const write = compileResourceWriter(wire, resource, fieldReaders(resource), how);
  const general = wire.encoder(type);
  if ('one' in type) return (raw) => (raw === null ? general(raw) : write(raw as Record<string, unknown>));
  return (raw) => {
    if (!Array.isArray(raw)) return general(raw);
    let out = '[';
    for (let i = 0; i < raw.length; i += 1) out += (i === 0 ? '' : ',') + write(raw[i] as Record<string, unknown>);
    return `${out}]`;
  };
}

/** Rules that read a built resource's own fields back. */
function fieldReaders(resource: ResourceName): FieldRules<Record<string, unknown>> {
  return Object.fromEntries(RESOURCES[resource].map((spec) => [spec.name, (value: Record<string, unknown>) => value[spec.name]]));
}
