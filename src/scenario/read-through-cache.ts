import type { ScenarioParseCache } from './parse-cache';
import type { ParsedScenarioFile } from './parse-scenario-file';
import type { SourceRef } from './problem';
import type { ReadCache } from './read-cache';
import { placedLater } from './read-scenario-file';

/**
 * The parse of a start's first load: a text read before by this build comes from the read cache
 * on disk, skipping the YAML read, the schema check and the chunk cut; any other text is parsed as
 * usual, and offered to the cache if its read was clean. A hit is handed to the parse cache, so
 * hot reloads of the file still re-parse only what changed.
 */
export function readThroughCache(cache: ReadCache, parseCache: ScenarioParseCache): (file: string, text: string) => ParsedScenarioFile {
  return (file, text) => {
    const key = cache.keyOf(text);
    const hit = cache.get(key);
    if (hit) {
      const parsed = placedLater(file, text, hit.data, withFile(file, hit.places));
      parseCache.adopt(file, text, parsed);
      return parsed;
    }
    const parsed = parseCache.parse(file, text);
    if (isCleanFastRead(parsed)) cache.put(key, { data: parsed.data, places: withoutFile(parsed.tokenPlaces) });
    return parsed;
  };
}

/**
 * A read with no problem at all that came out of the fast path with its token places: only
 * placedOnDemand gives a `locate`, and it gives `tokenPlaces` when the file's chunks matched its
 * tokens (or it has none). Anything else is read the ordinary way every time, so its messages
 * and positions are never a cache's business.
 */
function isCleanFastRead(parsed: ParsedScenarioFile): parsed is ParsedScenarioFile & { tokenPlaces: ReadonlyMap<string, SourceRef> } {
  return parsed.problems.length === 0 && parsed.locate !== undefined && parsed.tokenPlaces !== undefined;
}

function withoutFile(places: ReadonlyMap<string, SourceRef>): Map<string, [number, number]> {
  const plain = new Map<string, [number, number]>();
  for (const [token, place] of places) plain.set(token, [place.line, place.column]);
  return plain;
}

function withFile(file: string, places: ReadonlyMap<string, readonly [number, number]>): Map<string, SourceRef> {
  const placed = new Map<string, SourceRef>();
  for (const [token, [line, column]] of places) placed.set(token, { file, line, column });
  return placed;
}
