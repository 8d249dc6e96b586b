import type { Document, LineCounter, Node, Pair, YAMLMap } from 'yaml';
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
  const { isMap, isSeq } = yaml();
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item === undefined ? undefined : { key: item, value: item };
  }
  if (!isMap(node)) return undefined;
  const pair = pairsByKey(node).get(String(segment));
  return pair ? { key: pair.key, value: pair.value } : undefined;
}

/**
 * A map's pairs by key, indexed once per map: placing each of 10,000 problems in a 10,000-token
 * file by a search along the map was quadratic (a file of 10,000 errors took about 50 s).
 * The first pair of a duplicated key wins, as the search found it.
 */
function pairsByKey(map: YAMLMap): ReadonlyMap<string, Pair> {
  let index = indexes.get(map);
  if (index === undefined) {
    const { isPair, isScalar } = yaml();
    index = new Map();
    for (const p of map.items) {
      if (!isPair(p)) continue;
      const key = String(isScalar(p.key) ? p.key.value : p.key);
      if (!index.has(key)) index.set(key, p);
    }
    indexes.set(map, index);
  }
  return index;
}

const indexes = new WeakMap<YAMLMap, Map<string, Pair>>();
