import { yaml } from './yaml-library';
import { checkScenarioEntry } from './check-scenario-file';
import { findDuplicateKeys } from './find-duplicate-keys';
import { parseYamlDocument, type ParsedScenarioFile } from './parse-scenario-file';
import { placedOnDemand, readScenarioFile } from './read-scenario-file';
import { tokenPlaces } from './token-places';
import { splitTokenChunks, type SplitFile, type TokenChunk } from './split-token-chunks';

/** Below this many tokens a file is parsed whole: it is fast enough, and simpler to trust. */
const MIN_CHUNKS = 200;

/** A token chunk known to be valid on its own: its token and its entry's data. */
interface ParsedChunk {
  readonly token: string;
  readonly entry: unknown;
}

/** Parse whole when more than this share of a file's chunks is new (a first load, a big paste). */
const MAX_NEW_SHARE = 0.2;

/**
 * Parses scenario files for a store that reloads them. A big file is cut into one chunk per token;
 * on a reload only chunks whose text changed are parsed and checked, alone, and the rest are
 * reused: editing one token of a 10,000-token file re-parses one token, not the file. A first
 * load (or a mostly new file) is read whole (readScenarioFile) and remembered chunk by chunk. Anything unusual (a
 * layout it cannot cut safely, any problem at all) parses the whole file the ordinary way, so
 * results, messages and positions are always those of parseScenarioFile.
 */
export class ScenarioParseCache {
  private readonly chunksByFile = new Map<string, Map<string, ParsedChunk>>();
  private readonly adopted = new Map<string, { readonly text: string; readonly parsed: ParsedScenarioFile }>();

  /** parseScenarioFile, with the chunk reuse described above. */
  readonly parse = (file: string, text: string): ParsedScenarioFile => {
    this.rememberAdopted(file);
    const split = splitTokenChunks(text);
    if (!split || split.chunks.length < MIN_CHUNKS) {
      this.chunksByFile.delete(file);
      return readScenarioFile(file, text, split);
    }
    const previous = this.chunksByFile.get(file) ?? new Map<string, ParsedChunk>();
    const fresh = split.chunks.filter((c) => !previous.has(c.text)).length;
    const reused = fresh <= split.chunks.length * MAX_NEW_SHARE ? this.parseInChunks(file, text, split, previous) : undefined;
    return reused ?? this.parseWhole(file, text, split);
  };

  /**
   * Takes a file read without this cache (a hit of the read cache on disk) as the file's last
   * parse, so its next reload still re-parses only the tokens that changed. The file is cut
   * into chunks only at that reload: a start from the read cache skips the cut.
   */
  adopt(file: string, text: string, parsed: ParsedScenarioFile): void {
    this.chunksByFile.delete(file);
    this.adopted.set(file, { text, parsed });
  }

  private rememberAdopted(file: string): void {
    const adopted = this.adopted.get(file);
    if (!adopted) return;
    this.adopted.delete(file);
    const split = splitTokenChunks(adopted.text);
    if (split && split.chunks.length >= MIN_CHUNKS) this.remember(file, adopted.parsed, split);
  }

  private parseWhole(file: string, text: string, split: SplitFile): ParsedScenarioFile {
    const parsed = readScenarioFile(file, text, split);
    this.remember(file, parsed, split);
    return parsed;
  }

  /** Remembers a whole file's parse chunk by chunk, if it is valid and its chunks match its tokens. */
  private remember(file: string, parsed: ParsedScenarioFile, split: SplitFile): void {
    this.chunksByFile.delete(file);
    const data = parsed.data.tokens as Record<string, unknown> | undefined;
    if (parsed.problems.length > 0 || data === undefined) return;
    const places = tokenPlaces(parsed);
    if (places.size !== split.chunks.length) return;
    const tokenAtLine = new Map<number, string>();
    for (const [token, place] of places) tokenAtLine.set(place.line, token);
    const chunks = new Map<string, ParsedChunk>();
    for (const chunk of split.chunks) {
      const token = tokenAtLine.get(chunk.line);
      if (token === undefined) return;
      // Kept as parsed, not copied: loading a set only reads its data (a test freezes it to
      // hold that), and copying every entry cost a first start ~10 ms per 1,000 tokens. A
      // reload copies what it reuses, so a set never shares objects with this memo.
      chunks.set(chunk.text, { token, entry: data[token] });
    }
    this.chunksByFile.set(file, chunks);
  }

  private parseInChunks(file: string, text: string, split: SplitFile, previous: ReadonlyMap<string, ParsedChunk>): ParsedScenarioFile | undefined {
    const header = readScenarioFile(file, split.header);
    if (header.problems.length > 0) return undefined;
    const current = new Map<string, ParsedChunk>();
    const entries: [string, unknown][] = [];
    const byToken = new Map<string, TokenChunk>();
    for (const chunk of split.chunks) {
      const parsed = previous.get(chunk.text) ?? parseChunk(file, chunk.text);
      if (!parsed || byToken.has(parsed.token)) return undefined;
      current.set(chunk.text, parsed);
      entries.push([parsed.token, structuredClone(parsed.entry)]);
      byToken.set(parsed.token, chunk);
    }
    this.chunksByFile.set(file, current);
    return placedOnDemand(file, text, { ...header.data, tokens: Object.fromEntries(entries) }, split, byToken);
  }
}

/** A chunk parsed alone; undefined if it has any problem (the whole file is then parsed instead). */
function parseChunk(file: string, text: string): ParsedChunk | undefined {
  const { doc, lineCounter } = parseYamlDocument(text);
  if (doc.errors.length > 0 || doc.warnings.length > 0 || !yaml().isMap(doc.contents) || doc.contents.items.length !== 1) return undefined;
  const key = doc.contents.items[0].key;
  if (!yaml().isScalar(key) || findDuplicateKeys(file, doc, lineCounter).length > 0) return undefined;
  const entry = Object.values(doc.toJS({ maxAliasCount: 10_000 }) as Record<string, unknown>)[0];
  if (checkScenarioEntry(file, entry, doc, lineCounter).length > 0) return undefined;
  return { token: String(key.value), entry };
}
