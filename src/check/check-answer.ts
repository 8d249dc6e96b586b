import { isJsonObject } from '../protocol/map-table-fields';
import type { WireOptions } from '../protocol/wire-encode';
import { formatByteSize } from '../scenario/base/size-limits';
import { checkResource } from './check-body';
import { checkIdentifiers } from './check-identifiers';
import type { Outcome } from './fetch-answer';
import { error, warning, type BodyFinding } from './finding';

/** What an answer is for: a token the service should know, or the probe it must refuse. */
export type Expectation = 'known' | 'unknown';

/** Everything wrong with one answer, taken alone (reference, "Endpoints" and "Errors"). */
export function checkAnswer(
  outcome: Outcome,
  expect: Expectation,
  options: WireOptions,
  timeoutMs: number,
): BodyFinding[] {
  if (outcome.kind === 'timeout') return [error('', `no answer within ${timeoutMs} ms (timed out)`)];
  if (outcome.kind === 'failed') return [error('', `request failed: ${outcome.message}`)];
  if (outcome.kind === 'oversize')
    return [error('', `the body is larger than ${formatByteSize(outcome.limit)} (--max-body)`)];
  const type = outcome.headers.get('content-type') ?? '';
  if (outcome.status === 200 && expect === 'unknown') return [error('', 'an unknown token must not get 200; got 200')];
  if (outcome.status !== 200) return checkErrorBody(outcome.bytes, type, options);
  if (!isJsonType(type))
    return [error('', `a 200 must be application/json; got ${type === '' ? 'no content type' : type}`)];
  const parsed = parseJson(outcome.bytes);
  if (!parsed.ok) return [error('', `the body is not JSON: ${parsed.message}`)];
  const body = parsed.value;
  const findings = checkResource('Response', body, '', options);
  if (!isJsonObject(body)) return findings;
  if (!('client' in body)) findings.unshift(error('', 'a 200 answer carries no client'));
  findings.push(...checkIdentifiers('Response', body, ''));
  return findings;
}

/** A failure's body is optional; when it is JSON it is a Response ({errorCode, errorText}). */
function checkErrorBody(bytes: Buffer, type: string, options: WireOptions): BodyFinding[] {
  if (bytes.length === 0) return [];
  if (!isJsonType(type)) return [warning('', `error body is ${type === '' ? 'of no content type' : type}, not JSON`)];
  const parsed = parseJson(bytes);
  if (!parsed.ok) return [error('', `the error body is not JSON: ${parsed.message}`)];
  return checkResource('Response', parsed.value, '', options);
}

/** GET and POST must give the same answer for the same token (reference, "Endpoints"). */
export function compareAnswers(get: Outcome, post: Outcome): BodyFinding[] {
  if (get.kind !== 'answer' || post.kind !== 'answer') return [];
  const getType = get.headers.get('content-type') ?? 'no content type';
  const postType = post.headers.get('content-type') ?? 'no content type';
  if (get.status !== post.status)
    return [error('', `answered ${post.status} (${postType}); GET answered ${get.status} (${getType})`)];
  if (getType !== postType) return [error('', `content type ${postType}; GET's was ${getType}`)];
  if (!get.bytes.equals(post.bytes))
    return [error('', `the body differs from GET's, first at byte ${firstDifference(get.bytes, post.bytes)}`)];
  return [];
}

function firstDifference(a: Buffer, b: Buffer): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

/** Whether a content type says JSON, whatever its parameters. */
export function isJsonType(type: string): boolean {
  return /^application\/json\s*(;|$)/i.test(type);
}

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/** The body parsed as JSON, or the parser's message. */
export function parseJson(bytes: Buffer): Parsed {
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8')) };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}
