import { BODYLESS_STATUSES } from '../../protocol/endpoints';
import { RESOURCES } from '../../protocol/fields';
import type { NodePath } from '../base/locate-node';
import { dotted } from './check-scenario-file';

/** An answer that would put on the wire something other than what is written, with where and why. */
export interface FramingBreach {
  readonly path: NodePath;
  readonly message: string;
}

/** Headers that frame the body on the wire; the reply builder sets them from the bytes it sends (build-reply.ts). */
export const FRAMING_HEADERS: readonly string[] = ['content-length', 'transfer-encoding'];

/** The fields of an answer's body (a bodyless status refuses them). */
export const RESPONSE_FIELDS = RESOURCES.Response.map((spec) => spec.name);

/** Where the RFC says a bodyless status has no body. */
const RFC_SECTIONS: Readonly<Record<number, string>> = { 204: '15.3.5', 304: '15.4.5' };

/** Why body fields on a bodyless `status` are refused: `fields` names them, `them` is "it" or "them". */
export function bodylessStatusReason(status: number, fields: string, them: string): string {
  return `${String(status)} (${BODYLESS_STATUSES[status]}) never has a body (RFC 9110, ${RFC_SECTIONS[status]}), so ${fields} would not reach the client; remove ${them}, or choose a status that has a body`;
}

/** Why a written framing header is refused (after the header's place). */
export const FRAMING_HEADER_REASON =
  'is set by auth-sim from the bytes it sends: a written value would be dropped, and a different one would leave the client waiting for bytes that never come or reading the next answer as part of this one; remove it (to cut a body short on purpose, use fault: truncated)';

/**
 * What one answer (or `defaults:`) writes that the wire cannot carry as written: body fields on a
 * status that never has a body, which no client would read, and a framing header, which auth-sim
 * sets from the bytes it sends. Refused rather than dropped: a test tool that quietly sends
 * something else than the file says hides the very mistake a test is for.
 */
export function framingBreaches(answer: Readonly<Record<string, unknown>>, path: NodePath): FramingBreach[] {
  const breaches: FramingBreach[] = [];
  const status = answer.status;
  const reason = typeof status === 'number' ? BODYLESS_STATUSES[status] : undefined;
  const written = RESPONSE_FIELDS.filter((name) => answer[name] !== undefined);
  if (reason !== undefined && written.length > 0) {
    const fields = written.length === 1 ? written[0] : `${written.slice(0, -1).join(', ')} and ${written[written.length - 1]}`;
    const them = written.length === 1 ? 'it' : 'them';
    breaches.push({
      path: [...path, 'status'],
      message: `${dotted([...path, 'status'])} ${bodylessStatusReason(status as number, fields, them)}`,
    });
  }
  const headers = answer.headers;
  if (headers !== null && typeof headers === 'object') {
    for (const name of Object.keys(headers).filter((h) => FRAMING_HEADERS.includes(h.toLowerCase()))) {
      const at = [...path, 'headers', name];
      breaches.push({
        path: at,
        message: `${dotted(at)} ${FRAMING_HEADER_REASON}`,
      });
    }
  }
  return breaches;
}
