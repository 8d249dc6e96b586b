import { RESOURCES, nestedResource, type ResourceName } from '../../protocol/fields';
import { isJsonInteger, type WireStyle } from '../../protocol/wire-encode';
import type { NodePath } from '../base/locate-node';

/** Reports one problem at a path (entry-rules.ts places it). */
type Warn = (path: NodePath, message: string) => void;

/**
 * Under `wire: typed`, each Integer or Long field whose text is not a JSON number as written
 * (`00123`, `+7`, past 2^53), which is then sent as the string written, so the author learns it at
 * load rather than from a chat server's parser.
 */
export function checkTypedScalars(resource: ResourceName, value: unknown, path: NodePath, wire: WireStyle, warn: Warn): void {
  if (wire !== 'typed' || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) return value.forEach((item, i) => checkTypedScalars(resource, item, [...path, i], wire, warn));
  for (const spec of RESOURCES[resource]) {
    const field = (value as Record<string, unknown>)[spec.name];
    if (field === undefined) continue;
    const nested = nestedResource(spec.type);
    if (nested) checkTypedScalars(nested, field, [...path, spec.name], wire, warn);
    else if ((spec.type === 'Integer' || spec.type === 'Long') && typeof field === 'string' && !isJsonInteger(field)) {
      warn([...path, spec.name], `cannot be a JSON number as written (${field}): wire: typed sends it as the string "${field}"`);
    }
  }
}
