import type { Document, LineCounter } from 'yaml';
import { yaml } from './yaml-library';
import { scenarioDataIsValid } from './check-scenario-file';
import { chunkKey } from './chunk-key';
import { locateNode, type NodePath } from './locate-node';
import { parseScenarioFile, parseYamlDocument, type ParsedScenarioFile } from './parse-scenario-file';
import type { SourceRef } from './problem';
import { splitTokenChunks, type SplitFile, type TokenChunk } from './split-token-chunks';

/**
 * parseScenarioFile's result, read the fast way when the file is valid: quick-yaml.ts reads the
 * data and the schema accepts it, and nothing is parsed with `yaml` until a place is asked for.
 * A file with any problem, or one outside the quick reader's subset, goes through
 * parseScenarioFile, so every message and position is exactly the ordinary one.
 */
export function readScenarioFile(file: string, text: string, split: SplitFile | undefined = splitTokenChunks(text)): ParsedScenarioFile {
  const data = quickYaml().readQuickYaml(text);
  if (data === undefined || !scenarioDataIsValid(data)) return parseScenarioFile(file, text);
  return placedOnDemand(file, text, data, split);
}

/**
 * quick-yaml.ts, loaded on first use: a start whose files all come from the read cache
 * (read-cache.ts) reads no YAML at all, and a test holds it to that by the modules it loads.
 */
function quickYaml(): typeof import('./quick-yaml') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./quick-yaml') as typeof import('./quick-yaml');
}

/**
 * A valid file's data, with places found only when asked for, from as little text as will do.
 * `chunks` (each token's chunk) when the caller already knows them (ScenarioParseCache); else
 * found from the chunk keys, or, when they cannot be matched to the data, from the whole file.
 */
export function placedOnDemand(
  file: string,
  text: string,
  data: Record<string, unknown>,
  split: SplitFile | undefined,
  chunks: ReadonlyMap<string, TokenChunk> | undefined = split && chunksByToken(split, data),
): ParsedScenarioFile {
  const places = chunks ? placesOf(file, chunks) : hasTokens(data) ? undefined : new Map<string, SourceRef>();
  return placedLazily(file, text, data, places, () => ({ split, chunks }));
}

/**
 * placedOnDemand for a valid file whose token places are already known (read from the read
 * cache): the file is cut into chunks only when some other place is first asked for, such as an
 * entry rule's warning, so a start that asks for none never pays for the cut.
 */
export function placedLater(file: string, text: string, data: Record<string, unknown>, tokenPlaces: ReadonlyMap<string, SourceRef>): ParsedScenarioFile {
  return placedLazily(file, text, data, tokenPlaces, () => {
    const split = splitTokenChunks(text);
    return { split, chunks: split && chunksByToken(split, data) };
  });
}

/** How a file is cut: its split, and each token's chunk when they match the data. */
interface Layout {
  readonly split: SplitFile | undefined;
  readonly chunks: ReadonlyMap<string, TokenChunk> | undefined;
}

function placedLazily(
  file: string,
  text: string,
  data: Record<string, unknown>,
  tokenPlaces: ReadonlyMap<string, SourceRef> | undefined,
  cut: () => Layout,
): ParsedScenarioFile {
  let layout: Layout | undefined;
  const laidOut = () => (layout ??= cut());
  let whole: ParsedScenarioFile | undefined;
  const full = () => (whole ??= parseScenarioFile(file, text));
  const lazyDoc = (source: () => string) => {
    let parsed: { doc: Document; lineCounter: LineCounter } | undefined;
    return () => (parsed ??= parseYamlDocument(source()));
  };
  const header = lazyDoc(() => blankChunks(text, laidOut().split?.chunks ?? []));
  const chunkDocs = new Map<string, () => { doc: Document; lineCounter: LineCounter }>();
  const locate = (path: NodePath, at: 'key' | 'value' = 'value'): { line: number; col: number } => {
    const { chunks } = laidOut();
    if (!chunks) return locateNode(full().doc, full().lineCounter, path, at);
    if (path[0] !== 'tokens' || path.length < 2) return locateNode(header().doc, header().lineCounter, path, at);
    const token = String(path[1]);
    const chunk = chunks.get(token);
    if (!chunk) return locateNode(full().doc, full().lineCounter, path, at);
    if (path.length === 2 && at === 'key') return { line: chunk.line, col: chunk.column };
    if (!chunkDocs.has(token)) chunkDocs.set(token, lazyDoc(() => chunk.text));
    const { doc, lineCounter } = chunkDocs.get(token)!();
    const key = yaml().isMap(doc.contents) && yaml().isScalar(doc.contents.items[0]?.key) ? doc.contents.items[0].key.value : token;
    const pos = locateNode(doc, lineCounter, [String(key), ...path.slice(2)], at);
    return { line: chunk.line - 1 + pos.line, col: pos.col };
  };
  return {
    file,
    data,
    problems: [],
    ...(tokenPlaces ? { tokenPlaces } : {}),
    locate,
    get doc() {
      return full().doc;
    },
    get lineCounter() {
      return full().lineCounter;
    },
  };
}

/** Whether the file names any token (`tokens: {}` and a file of populations alone have none to place). */
function hasTokens(data: Record<string, unknown>): boolean {
  const tokens = data.tokens;
  return tokens !== null && typeof tokens === 'object' && Object.keys(tokens).length > 0;
}

/** Each chunk by its token, if every chunk's key reads as exactly the data's tokens, in order. */
function chunksByToken(split: SplitFile, data: Record<string, unknown>): ReadonlyMap<string, TokenChunk> | undefined {
  const tokens = data.tokens;
  if (tokens === null || typeof tokens !== 'object') return undefined;
  const names = Object.keys(tokens);
  if (names.length !== split.chunks.length) return undefined;
  const byToken = new Map<string, TokenChunk>();
  for (const chunk of split.chunks) {
    const key = chunkKey(chunk.text);
    if (key === undefined || !Object.prototype.hasOwnProperty.call(tokens, key) || byToken.has(key)) return undefined;
    byToken.set(key, chunk);
  }
  return byToken;
}

function placesOf(file: string, chunks: ReadonlyMap<string, TokenChunk>): ReadonlyMap<string, SourceRef> {
  const places = new Map<string, SourceRef>();
  for (const [token, chunk] of chunks) places.set(token, { file, line: chunk.line, column: chunk.column });
  return places;
}

/** The text with every token chunk's lines left empty: the rest of the file keeps its places. */
function blankChunks(text: string, chunks: readonly TokenChunk[]): string {
  const lines = text.split('\n');
  for (const chunk of chunks) {
    const count = chunk.text.split('\n').length;
    for (let i = chunk.line - 1; i < chunk.line - 1 + count; i += 1) lines[i] = '';
  }
  return lines.join('\n');
}
