import type { JsonSchema } from '../../protocol/json-schema';

const NON_ASCII_HINT = "percent-encode non-ASCII text, or use RFC 8187 (e.g. filename*=UTF-8''%D0%A2%D0%BE%D0%BA%D0%B5%D0%BD)";

/** What a header value may hold: printable ASCII, space and tab (see headersSchema). */
export const HEADER_VALUE_PATTERN = '^[\\t\\x20-\\x7e]*$';

/**
 * The schema of `headers:` (entries, steps, defaults, populations), checked at load so the reply
 * writer never meets a header Node refuses (ERR_INVALID_HTTP_TOKEN, ERR_INVALID_CHAR). Names are
 * RFC 9110 tokens. Values are printable ASCII plus space and tab: Node would also pass Latin-1
 * bytes, but a YAML file is UTF-8, so "é" would reach the wire as one Latin-1 byte, not what was written.
 */
export const headersSchema: JsonSchema = {
  type: 'object',
  propertyNames: {
    pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$",
    description: `a header name: letters, digits and !#$%&'*+.^_\`|~- only (no spaces, colons or non-ASCII)`,
  },
  additionalProperties: {
    type: ['string', 'number'],
    pattern: HEADER_VALUE_PATTERN,
    description: `a header value: a string or number in printable ASCII, no CR, LF, NUL or other control characters; ${NON_ASCII_HINT}`,
  },
  description: 'a map of header names to values',
};
