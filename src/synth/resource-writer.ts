import { RESOURCES, type ResourceName } from '../protocol/fields';
import type { WireJson } from '../protocol/wire-json';
import type { FieldRules } from './assemble-resource';

/** One field a compiled writer fills: its rule, and how to write its value (undefined: drawn, not served). */
interface WriterStep<F> {
  readonly rule: (facts: F) => unknown;
  readonly first: string;
  readonly next: string;
  readonly encode: ((raw: unknown) => string) | undefined;
}

/**
 * assembleResource and its wire encoding in one pass, compiled once per wire and field profile:
 * which fields to fill, their keys and value encoders are decided here, so a card runs a flat
 * loop. The same rules run in the same order as assembleResource (so the same random draws are
 * taken, served or not), but each value is written straight out as wire JSON.
 */
export function compileResourceWriter<F>(wire: WireJson, resource: ResourceName, rules: FieldRules<F>, keep?: readonly boolean[]): (facts: F) => string {
  const specs = RESOURCES[resource];
  const served = wire.tableFields(resource);
  const steps: WriterStep<F>[] = [];
  for (let i = 0; i < specs.length; i += 1) {
    const spec = specs[i];
    const rule = rules[spec.name];
    if ((keep !== undefined && !keep[i] && !spec.required) || rule === undefined) continue;
    const field = served[i];
    steps.push({ rule, first: field?.first ?? '', next: field?.next ?? '', encode: field && wire.encoder(spec.type) });
  }
  return (facts) => {
    let out = '';
    for (let i = 0; i < steps.length; i += 1) {
      const step = steps[i];
      const value = step.rule(facts);
      if (value === undefined || step.encode === undefined) continue;
      out += (out === '' ? step.first : step.next) + step.encode(value);
    }
    return out === '' ? '{}' : `${out}}`;
  };
}
