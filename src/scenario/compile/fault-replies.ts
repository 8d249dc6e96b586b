import { JSON_CONTENT_TYPE } from '../../protocol/endpoints';
import { STATUS_CODES } from 'node:http';
import { FAULT_DEFAULTS, readFault } from '../schema/fault-names';
import { parseDuration } from '../base/duration';
import type { CompiledFault, Reply } from './scenario-set';
import { makeReply } from './build-reply';

const DRIP_CHUNKS = 8;

/**
 * Builds, at load, the bytes a fault sends in place of the entry's honest reply (`honest`), so
 * acting it out at request time only writes prepared buffers.
 */
export function compileFault(
  value: unknown,
  honest: Reply,
): { readonly reply: Reply; readonly fault: CompiledFault } | undefined {
  const read = readFault(value);
  if (!read) return undefined;
  const { name, param } = read;
  const fault = (extra: Partial<CompiledFault> = {}): CompiledFault =>
    Object.freeze({ name, ms: 0, chunks: [], ...extra });
  const body = honest.body ?? Buffer.from('{}');
  switch (name) {
    case 'malformed':
      return {
        reply: reply(honest.status, JSON_CONTENT_TYPE, body.subarray(0, Math.max(1, body.length - 1))),
        fault: fault(),
      };
    case 'truncated':
      return {
        reply: reply(honest.status, JSON_CONTENT_TYPE, body.subarray(0, Math.floor(body.length / 2)), body.length),
        fault: fault(),
      };
    case 'html':
      return htmlFault(typeof param === 'number' ? param : FAULT_DEFAULTS.htmlStatus, fault());
    case 'empty-200':
      return { reply: reply(200, JSON_CONTENT_TYPE, Buffer.alloc(0)), fault: fault() };
    case 'no-card':
      return { reply: reply(200, JSON_CONTENT_TYPE, Buffer.from('{}')), fault: fault() };
    case 'drip':
      return {
        reply: honest,
        fault: fault({ ms: parseDuration(param) ?? FAULT_DEFAULTS.dripMs, chunks: split(honest.body) }),
      };
    case 'hang':
      return { reply: honest, fault: fault({ ms: parseDuration(param) ?? FAULT_DEFAULTS.hangMs }) };
    case 'reset':
    case 'close':
      return { reply: honest, fault: fault() };
  }
}

/** A proxy's error page, as nginx sends one when the CRM behind it fails. */
function htmlFault(status: number, fault: CompiledFault): { reply: Reply; fault: CompiledFault } {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  const page = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return { reply: reply(status, 'text/html', Buffer.from(page, 'utf8')), fault };
}

function reply(status: number, type: string, body: Buffer, declaredLength = body.length): Reply {
  return makeReply(status, { 'content-type': type }, body, declaredLength);
}

/** The body in up to DRIP_CHUNKS slices (views, no copies). */
function split(body: Buffer | null): readonly Buffer[] {
  if (!body || body.length === 0) return [];
  const count = Math.min(DRIP_CHUNKS, body.length);
  const size = Math.ceil(body.length / count);
  const chunks: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) chunks.push(body.subarray(at, at + size));
  return Object.freeze(chunks);
}
