import { aCount, aString, checkFields, isRecord, listOf, nullable, oneOf, parseJson } from './checked-fields';
import { readRuntimeValue, type RuntimeValue } from './checked-event';

/** A session as the group keeps it: what one instance opened and every other takes on. */
export interface SessionRecord {
  readonly id: string;
  readonly prefix: string;
  readonly tokens: readonly string[] | null;
  readonly ttlMs: number;
  readonly createdAt: number;
}

/** A session's runtime token as its hash in Redis keeps it and its events carry it. */
export interface SessionRuntimeToken extends RuntimeValue {
  readonly token: string;
}

/** What the session events channel carries, checked. */
export type SessionEvent =
  | { readonly from: string; readonly kind: 'open'; readonly record: SessionRecord }
  | { readonly from: string; readonly kind: 'end'; readonly id: string }
  | ({ readonly from: string; readonly kind: 'put'; readonly id: string } & SessionRuntimeToken)
  | { readonly from: string; readonly kind: 'remove'; readonly id: string; readonly token: string };

const RECORD_SPEC = {
  id: aString,
  prefix: aString,
  tokens: nullable(listOf(aString)),
  ttlMs: aCount,
  createdAt: aCount,
};
const EVENT_KINDS = ['open', 'end', 'put', 'remove'] as const;
const EVENT_SPECS = {
  open: { from: aString, record: { what: 'a session', test: (v: unknown): v is object => isRecord(v) } },
  end: { from: aString, id: aString },
  put: { from: aString, id: aString, token: aString, text: aString, file: aString },
  remove: { from: aString, id: aString, token: aString },
} as const;
const kindCheck = oneOf(EVENT_KINDS);

/** A session id as auth-sim makes them: what a key or a prefix may be built from. */
export function isSessionId(id: string): boolean {
  return /^[a-z0-9]+$/.test(id);
}

/** A message of the session events channel as an event, or what is wrong with it. */
export function readSessionEvent(message: string): SessionEvent | string {
  const parsed = parseJson(message);
  if ('problem' in parsed) return parsed.problem;
  const value = parsed.value;
  if (!isRecord(value) || !kindCheck.test(value.kind)) return 'not a session event';
  const kind = value.kind;
  const event = checkFields(value, EVENT_SPECS[kind]);
  if (typeof event === 'string') return event;
  if (kind !== 'open') return { ...event, kind } as SessionEvent;
  const record = checkRecord((event as { record: unknown }).record);
  return typeof record === 'string' ? record : { from: event.from, kind, record };
}

/** A session's record key read back from Redis as a record, or what is wrong with it. */
export function readSessionRecord(json: string): SessionRecord | string {
  const parsed = parseJson(json);
  return 'problem' in parsed ? parsed.problem : checkRecord(parsed.value);
}

/** A session's runtime hash read back: the tokens that are runtime values, and what is wrong with each other one. */
export function readSessionRuntime(hash: Record<string, string>): {
  readonly tokens: SessionRuntimeToken[];
  readonly problems: [token: string, problem: string][];
} {
  const tokens: SessionRuntimeToken[] = [];
  const problems: [string, string][] = [];
  for (const [token, json] of Object.entries(hash)) {
    const value = readRuntimeValue(json);
    if (typeof value === 'string') problems.push([token, value]);
    else tokens.push({ token, ...value });
  }
  return { tokens, problems };
}

/** A session record checked: its fields, and a prefix that is the one its id makes. */
function checkRecord(value: unknown): SessionRecord | string {
  const record = checkFields(value, RECORD_SPEC);
  if (typeof record === 'string') return record;
  if (record.prefix !== `ses-${record.id}-` || !isSessionId(record.id))
    return `prefix ${JSON.stringify(record.prefix)} is not the one session ${JSON.stringify(record.id)} has`;
  return record;
}
