import type { Document, LineCounter, Node } from 'yaml';
import { yaml } from './yaml-library';
import type { Problem } from './problem';
import { placeIn, problemAt } from './problem';

/**
 * Keys repeated within one YAML map, each reported at the repeat with the first place named.
 * (The yaml parser's own error points at the start of the map, which helps nobody find it.)
 */
export function findDuplicateKeys(file: string, doc: Document, lineCounter: LineCounter): Problem[] {
  const problems: Problem[] = [];
  yaml().visit(doc, {
    Map(_key, map) {
      const seen = new Map<string, Node>();
      for (const pair of map.items) {
        if (!yaml().isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        const first = seen.get(name);
        if (!first) {
          seen.set(name, pair.key);
          continue;
        }
        const at = lineCounter.linePos(pair.key.range?.[0] ?? 0);
        const was = lineCounter.linePos(first.range?.[0] ?? 0);
        const message = `key ${JSON.stringify(name)} is repeated in the same map; first at line ${was.line}, column ${was.col}`;
        problems.push(problemAt(placeIn(file, at), message, name));
      }
    },
  });
  return problems;
}
