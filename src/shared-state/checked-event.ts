import { aString, checkFields, isRecord, oneOf, parseJson, type FieldCheck } from './checked-fields';
import { isOffset, MAX_OFFSET_MS } from './group-clock';

/** What an instance tells the group on its events channel. */
const GROUP_EVENT_KINDS = ['put', 'remove', 'reset', 'clock', 'set', 'leave'] as const;

export type GroupEvent =
  | {
      readonly from: string;
      readonly kind: 'put';
      readonly token: string;
      readonly text: string;
      readonly file: string;
    }
  | { readonly from: string; readonly kind: 'remove'; readonly token: string }
  | { readonly from: string; readonly kind: 'reset' }
  /** The group's clock offset now (written by a Lua script: cjson). */
  | { readonly from: string; readonly kind: 'clock'; readonly offsetMs: number }
  /** The digest of the scenario set an instance serves, told when it joins and after each reload. */
  | { readonly from: string; readonly kind: 'set'; readonly digest: string }
  /** An instance closing: the others forget its set. */
  | { readonly from: string; readonly kind: 'leave' };

/** A runtime token as the group's runtime hash keeps it: the entry's text and the file it names. */
export interface RuntimeValue {
  readonly text: string;
  readonly file: string;
}

/** An announced clock offset: one an instance can take on (a Date holds the time it makes). */
const anOffset: FieldCheck<number> = {
  what: `a whole number of milliseconds from 0 to ${MAX_OFFSET_MS}`,
  test: isOffset,
};

const RUNTIME_SPEC = { text: aString, file: aString };
const EVENT_SPECS = {
  put: { from: aString, token: aString, ...RUNTIME_SPEC },
  remove: { from: aString, token: aString },
  reset: { from: aString },
  clock: { from: aString, offsetMs: anOffset },
  set: { from: aString, digest: aString },
  leave: { from: aString },
} as const;
const kindCheck = oneOf(GROUP_EVENT_KINDS);

/** A message of the events channel as an event, or what is wrong with it. */
export function readGroupEvent(message: string): GroupEvent | string {
  const parsed = parseJson(message);
  if ('problem' in parsed) return parsed.problem;
  const value = parsed.value;
  if (!isRecord(value)) return checkFields(value, {}) as string;
  if (!kindCheck.test(value.kind))
    return value.kind === undefined ? 'kind is missing' : `kind is not ${kindCheck.what}`;
  const kind = value.kind;
  const fields = checkFields(value, EVENT_SPECS[kind]);
  return typeof fields === 'string' ? fields : ({ ...fields, kind } as GroupEvent);
}

/** A field of the runtime hash as a runtime token, or what is wrong with it. */
export function readRuntimeValue(json: string): RuntimeValue | string {
  const parsed = parseJson(json);
  return 'problem' in parsed ? parsed.problem : checkFields(parsed.value, RUNTIME_SPEC);
}
