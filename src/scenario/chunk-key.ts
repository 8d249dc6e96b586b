/**
 * The token a chunk (split-token-chunks.ts) starts with, read from its first line: a plain,
 * "double-quoted" (JSON escapes only) or 'single-quoted' key. Undefined for anything else; the
 * caller checks every key found against the parsed data, so a key read wrongly is never used.
 */
export function chunkKey(chunkText: string): string | undefined {
  const line = chunkText.slice(0, (chunkText.indexOf('\n') + 1 || chunkText.length + 1) - 1).trim();
  const double = /^"((?:[^"\\]|\\.)*)"\s*:(\s|$)/.exec(line);
  if (double) {
    try {
      return JSON.parse(`"${double[1]}"`) as string;
    } catch {
      return undefined;
    }
  }
  const single = /^'((?:[^']|'')*)'\s*:(\s|$)/.exec(line);
  if (single) return single[1].replace(/''/g, "'");
  const plain = /^([^\s"'#[\]{},&*!|>%@`?:-][^#]*?|[?:-][^\s#][^#]*?)\s*:(\s|$)/.exec(line);
  return plain ? plain[1] : undefined;
}
