import type { Document, LineCounter, Node } from 'yaml';
import { yaml } from './yaml-library';

/** A path into parsed YAML: map keys and sequence indexes. */
export type NodePath = readonly (string | number)[];

/** The `yaml` library's document of a text, and the line counter that turns its offsets into places. */
export interface PlacedDocument {
  readonly doc: Document;
  readonly lineCounter: LineCounter;
}

/**
 * The line and column of the value at `path` (or of its key, with `at: 'key'`). Falls back to
 * the deepest ancestor that exists, so a value pulled in by a YAML merge key still gets a place.
 */
export function placeOf(
  { doc, lineCounter }: PlacedDocument,
  path: NodePath,
  at: 'key' | 'value' = 'value',
): { line: number; col: number } {
  let node: unknown = doc.contents;
  let offset = node && (node as Node).range ? (node as Node).range![0] : 0;
  for (const segment of path) {
    const step = stepInto(node, segment);
    if (!step) break;
    node = step.value;
    const target = at === 'key' && segment === path[path.length - 1] ? step.key : step.value;
    const range = (target as Node | null)?.range ?? (step.key as Node | null)?.range;
    if (range) offset = range[0];
  }
  return lineCounter.linePos(offset);
}

function stepInto(node: unknown, segment: string | number): { key: unknown; value: unknown } | undefined {
  if (yaml().isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item === undefined ? undefined : { key: item, value: item };
  }
  if (!yaml().isMap(node)) return undefined;
  const pair = node.items.find(
    (p) => yaml().isPair(p) && String(yaml().isScalar(p.key) ? p.key.value : p.key) === String(segment),
  );
  return pair ? { key: pair.key, value: pair.value } : undefined;
}
