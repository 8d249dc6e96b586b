/** Markup already escaped (or written here): `markup` inserts it as it is. */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** A value `markup` inserts: text (escaped), a number, markup, nothing, or a list of these. */
export type Part = string | number | Markup | null | undefined | false | readonly Part[];

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\r': '&#13;',
};

/**
 * Text made safe for HTML and SVG, in content and in quoted attributes. A CR is written as a
 * character reference because the parser turns a raw CR into LF, and a token's `data-token` must
 * read back exactly. The escape-html package was considered: it leaves CR as it is, and the
 * browser bundle of the Caller view would carry it for one regular expression.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'\r]/g, (c) => ENTITIES[c]);
}

function partText(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Markup) return part.text;
  if (Array.isArray(part)) return part.map(partText).join('');
  return escapeHtml(String(part));
}

/**
 * A tagged template for markup: every value is escaped unless it is Markup made by this same tag,
 * so a hostile token name (`<script>`, quotes, CR) can only ever be text.
 */
export function markup(strings: TemplateStringsArray, ...parts: Part[]): Markup {
  let text = strings[0];
  for (let i = 0; i < parts.length; i++) text += partText(parts[i]) + strings[i + 1];
  return new Markup(text);
}
