import type { Node } from 'yaml';
import { yaml } from '../base/yaml-library';
import type { ParsedScenarioFile } from './parse-scenario-file';
import { placeIn, type SourceRef } from '../base/problem';

/**
 * Where each key under `tokens:` stands, found in one pass over the map. Locating tokens one by
 * one walks the map each time, which is quadratic: seconds for a 10,000-token file, and every
 * hot reload pays it. The first of repeated keys wins, as with placeOf.
 */
export function tokenPlaces(file: ParsedScenarioFile): ReadonlyMap<string, SourceRef> {
  if (file.tokenPlaces) return file.tokenPlaces;
  const places = new Map<string, SourceRef>();
  const root = file.doc.contents;
  if (!yaml().isMap(root)) return places;
  const tokens = root.items.find((pair) => yaml().isScalar(pair.key) && pair.key.value === 'tokens')?.value;
  if (!yaml().isMap(tokens)) return places;
  for (const pair of tokens.items) {
    const name = String(yaml().isScalar(pair.key) ? pair.key.value : pair.key);
    const range = (pair.key as Node | null)?.range;
    if (!range || places.has(name)) continue;
    const pos = file.lineCounter.linePos(range[0]);
    places.set(name, placeIn(file.file, pos));
  }
  return places;
}
