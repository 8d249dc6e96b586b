/**
 * The runtime tokens as one scenario file: each entry's text as it was put, indented under its
 * token, so every scalar keeps the text it was written with (`id: 00123` stays `"00123"` on the
 * wire). A YAML document's own markers (`---`, `...`, directives) are left out; JSON is YAML's flow style.
 */
export function runtimeScenarioText(entries: readonly (readonly [token: string, text: string])[]): string {
  const header = '# Runtime tokens exported from auth-sim (GET /__admin/export); serve it with --scenarios.\n';
  if (entries.length === 0) return `${header}tokens: {}\n`;
  const blocks = entries.map(([token, text]) => `  ${JSON.stringify(token)}:\n${indented(entryBody(text))}`);
  return `${header}tokens:\n${blocks.join('')}`;
}

function entryBody(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const start = lines.findIndex((line) => /^---(\s|$)/.test(line));
  const body =
    start >= 0 ? [...lines.slice(start, start + 1).map((l) => l.slice(3).trim()), ...lines.slice(start + 1)] : lines;
  return body.filter((line) => !/^%/.test(line) && !/^\.\.\.(\s|$)/.test(line));
}

function indented(lines: readonly string[]): string {
  return lines.map((line) => (line.trim() === '' ? '\n' : `    ${line}\n`)).join('');
}
