import { YAML_LINKS } from './yaml-links';

/** One token's lines under `tokens:`, cut from a file so it can be parsed (and cached) alone. */
export interface TokenChunk {
  /** The chunk's text, from the token's key line to the line before the next token. */
  readonly text: string;
  /** 1-based line and column of the token's key in the whole file. */
  readonly line: number;
  readonly column: number;
}

/** A file cut into its `tokens:` chunks and everything else (`tokens: {}` standing in for them). */
export interface SplitFile {
  readonly chunks: readonly TokenChunk[];
  readonly header: string;
}

const TOP_KEY = /^([A-Za-z_][\w-]*)\s*:(.*)$/;

/**
 * Cuts a plainly laid-out scenario file into one chunk per token, or undefined when the layout
 * is not plain enough to be sure that parsing the chunks alone means what parsing the whole
 * file means. Callers parse the whole file whenever this says no, or a chunk fails to parse.
 */
export function splitTokenChunks(text: string): SplitFile | undefined {
  if (YAML_LINKS.test(text)) return undefined;
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^tokens\s*:\s*(#.*)?\r?$/.test(l));
  if (start === -1) return undefined;
  let end = start + 1;
  while (end < lines.length && !isTopLevel(lines[end])) end += 1;
  const chunks = cutChunks(lines, start + 1, end);
  if (!chunks) return undefined;
  if (lines.some((l, i) => (i < start || i >= end) && isTopLevel(l) && !TOP_KEY.test(l))) return undefined;
  const header = [...lines.slice(0, start), 'tokens: {}', ...lines.slice(end)].join('\n');
  return { chunks, header };
}

function cutChunks(lines: readonly string[], from: number, to: number): TokenChunk[] | undefined {
  let indent = -1;
  const starts: number[] = [];
  for (let i = from; i < to; i += 1) {
    const line = lines[i];
    if (isBlankOrComment(line)) continue;
    const own = line.length - line.trimStart().length;
    if (line[own] === '\t') return undefined;
    if (indent === -1) indent = own;
    if (own < indent) return undefined;
    // At the tokens' own indent only keys may start; deeper, sequences are an entry's business.
    if (own === indent && (line[own] === '-' || line[own] === '?')) return undefined;
    if (own === indent) starts.push(i);
  }
  if (starts.length === 0) return undefined;
  return starts.map((s, k) => ({
    text: lines.slice(s, k + 1 < starts.length ? starts[k + 1] : to).join('\n'),
    line: s + 1,
    column: indent + 1,
  }));
}

function isTopLevel(line: string): boolean {
  return line.length > 0 && !/^[\s#]/.test(line);
}

function isBlankOrComment(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === '' || trimmed.startsWith('#');
}
