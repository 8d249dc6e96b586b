import type { IncomingMessage } from 'node:http';
import { MAX_NESTING } from '../../scenario/base/read-yaml-text';
import { AdminError } from './admin-error';

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Why a body is refused: the same limit, and the same words, as a scenario file's YAML. */
export const TOO_DEEP = `the body is nested more than ${MAX_NESTING} levels deep (objects and arrays inside each other); an admin body needs a handful`;

/**
 * Whether JSON `bytes` nest objects and arrays more than MAX_NESTING deep, read as bytes without
 * recursion (a bracket or quote byte is never part of a UTF-8 sequence), before anything walks the
 * parsed value: JSON.parse takes 20,000 levels, but JSON.stringify and every recursive check after
 * it overflow the stack. Hand-written: body-parser has no depth option, and secure-json-parse
 * guards prototype keys, not depth.
 */
export function nestsTooDeep(bytes: Uint8Array): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > MAX_NESTING) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** body-parser's `verify`: a JSON body nested too deep is a 400 before it is parsed. */
export function refuseDeepJson(_req: IncomingMessage, _res: unknown, bytes: Buffer): void {
  if (nestsTooDeep(bytes)) throw new AdminError(400, TOO_DEEP);
}
