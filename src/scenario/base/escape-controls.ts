/**
 * Characters a terminal or an XML 1.0 reader must not receive raw: C0 controls but tab, DEL, C1
 * controls (0x9b is a one-byte CSI on some terminals), the Unicode line separators, lone
 * surrogates and the noncharacters U+FFFE and U+FFFF.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- control characters are what this class finds
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` with every unsafe character written as a JSON-style `\uXXXX` escape, so a token or a
 * header a service sent cannot move the cursor, recolour a log, or make a report invalid XML.
 */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** What JSON.stringify leaves raw that a terminal acts on or a line-splitting reader breaks at. */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\ufffe\uffff]/g;

/**
 * JSON text (JSON.stringify's) with DEL, the C1 controls, the Unicode line separators and the
 * noncharacters written as `\uXXXX` escapes: the same value once parsed, but safe to print to a
 * terminal or to carry on one line of an event stream. JSON.stringify escapes the C0 controls
 * and lone surrogates itself.
 */
export function escapeJsonText(json: string): string {
  return json.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
