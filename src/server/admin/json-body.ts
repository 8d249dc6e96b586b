import type { AdminBody } from '../../scenario/schema/check-admin-body';
import { AdminError } from './admin-error';

/**
 * A JSON admin body read as text (body-parser's text parser, so its places can be told): its
 * value and text, an empty body as `{}`; a body that is not JSON is a 400 saying `refused`,
 * the parser's reason and an example that would do.
 */
export function jsonBody(text: unknown, refused: string, example: string): AdminBody {
  if (typeof text !== 'string' || text.trim() === '') return { value: {} };
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch (error) {
    throw new AdminError(400, `${refused}: the body is not JSON (${(error as Error).message}); send e.g. ${example}`);
  }
}
