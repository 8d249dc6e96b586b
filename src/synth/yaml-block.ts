// Plain (unquoted) YAML scalars we can vouch for: words, spaces and light punctuation, starting with a letter.
const PLAIN = /^[A-Za-zА-Яа-яЁё][A-Za-zА-Яа-яЁё0-9 .,«»№_\-/@()]*$/;
const RESERVED = /^(true|false|yes|no|on|off|null|y|n)$/i;

/** A scalar as YAML: plain where that reads back as the same string, else JSON-quoted (valid YAML). */
function scalar(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = String(value);
  return PLAIN.test(text) && !text.endsWith(' ') && !RESERVED.test(text) ? text : JSON.stringify(text);
}

const key = (name: string): string => (PLAIN.test(name) && !RESERVED.test(name) ? name : JSON.stringify(name));
const isNested = (value: unknown): value is object => value !== null && typeof value === 'object';

/**
 * Block-style YAML for card data (maps, lists, strings, numbers, booleans), indented by `indent`.
 * Why not a library's writer: the yaml package's stringify is ~20x slower and js-yaml's dump
 * ~4x (a 1M-token `generate` would take minutes more); this shape is known, and reads the same.
 */
export function yamlBlock(value: Readonly<Record<string, unknown>>, indent: number): string {
  const pad = ' '.repeat(indent);
  let out = '';
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined) continue;
    if (!isNested(item)) out += `${pad}${key(name)}: ${scalar(item)}\n`;
    else if (Array.isArray(item)) out += `${pad}${key(name)}:\n${yamlList(item, indent + 2)}`;
    else out += `${pad}${key(name)}:\n${yamlBlock(item as Record<string, unknown>, indent + 2)}`;
  }
  return out;
}

function yamlList(items: readonly unknown[], indent: number): string {
  const pad = ' '.repeat(indent);
  return items
    .map((item) => {
      if (!isNested(item) || Array.isArray(item))
        return `${pad}- ${isNested(item) ? JSON.stringify(item) : scalar(item)}\n`;
      const body = yamlBlock(item as Record<string, unknown>, indent + 2);
      return `${pad}- ${body.slice(indent + 2)}`;
    })
    .join('');
}
