import { RESOURCES, type FieldType, type ResourceName } from '../protocol/fields';
import type { WireJson } from '../protocol/wire-json';
import type { FieldRules } from './assemble-resource';

/** One field a compiled writer fills: its rule, and how to write its value (no encoder: drawn, not served). */
interface WriterStep<F> {
  readonly rule: (facts: F) => unknown;
  /** `{"name":` and `,"name":` */
  readonly first: string;
  readonly next: string;
  readonly encode: ((raw: unknown) => string) | undefined;
  /** For a plain scalar sent as a string, the keys with the value's opening quote; else undefined. */
  readonly quotedFirst: string | undefined;
  readonly quotedNext: string;
}

/**
 * assembleResource and its wire encoding in one pass, compiled once per wire and field profile:
 * which fields to fill, their keys and value encoders are decided here, so a card runs a flat
 * loop. The same rules run in the same order as assembleResource (so the same random draws are
 * taken, served or not), but each value is written straight out as wire JSON. `plain`: the
 * rules' texts need no JSON escape (PopulationContext.plain), so scalars are written as they are.
 */
export function compileResourceWriter<F>(wire: WireJson, resource: ResourceName, rules: FieldRules<F>, plain: boolean, keep?: readonly boolean[]): (facts: F) => string {
  const specs = RESOURCES[resource];
  const served = wire.tableFields(resource);
  const steps: WriterStep<F>[] = [];
  for (let i = 0; i < specs.length; i += 1) {
    const spec = specs[i];
    const rule = rules[spec.name];
    if ((keep !== undefined && !keep[i] && !spec.required) || rule === undefined) continue;
    const field = served[i];
    const quoted = field !== undefined && plain && sentAsString(spec.type, wire);
    steps.push({
      rule,
      first: field?.first ?? '',
      next: field?.next ?? '',
      encode: field && wire.encoder(spec.type),
      quotedFirst: quoted ? `${field.first}"` : undefined,
      quotedNext: quoted ? `${field.next}"` : '',
    });
  }
  return (facts) => {
    let out = '';
    for (let i = 0; i < steps.length; i += 1) {
      const step = steps[i];
      const value = step.rule(facts);
      if (value === undefined || step.encode === undefined) continue;
      // A rule's scalar is a string, number or boolean; anything else takes the encoder.
      if (step.quotedFirst !== undefined && typeof value !== 'object') out += `${out === '' ? step.quotedFirst : step.quotedNext}${value as string}"`;
      else out += (out === '' ? step.first : step.next) + step.encode(value);
    }
    return out === '' ? '{}' : `${out}}`;
  };
}

/** Whether a field's values go on the wire as JSON strings (every scalar under "strings"; texts and dates always). */
function sentAsString(type: FieldType, wire: WireJson): boolean {
  if (typeof type === 'object' || type === 'Map<String,String>') return false;
  return wire.options.wire === 'strings' || type === 'String' || type === 'Date';
}
