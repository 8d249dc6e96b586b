import {
  aBoolean,
  aCount,
  aNumber,
  aString,
  checkFieldList,
  listFields,
  listOf,
  nullable,
  oneOf,
  optional,
  type FieldCheck,
} from '../shared-state/checked-fields';
import { MATCH_KINDS } from './endpoint/journal';
import type { ShippedRequest } from './endpoint/shipped-request';
import type { Exchange } from '../caller-report/exchange';

/** Every field of a journal entry and its check; `satisfies` keeps the two in step both ways. */
const REQUEST_SPEC = {
  at: aNumber,
  method: aString,
  token: nullable(aString),
  origin: nullable(oneOf(['path', 'header'])),
  status: nullable(aCount),
  fault: nullable(aString),
  delayMs: aNumber,
  bytes: aCount,
  durationMs: aNumber,
  matched: oneOf(MATCH_KINDS),
  entry: nullable(aString),
  nearMisses: listOf(aString),
  refused: nullable(aString),
  clientCert: nullable(aString),
  session: optional(aString),
  traceId: optional(aString),
  spanId: optional(aString),
} satisfies { readonly [K in keyof ShippedRequest]-?: FieldCheck<ShippedRequest[K]> };

const EXCHANGE_SPEC = {
  token: aString,
  known: aBoolean,
  method: aString,
  answer: aString,
  card: aBoolean,
  arrivedAt: aNumber,
  endedAt: aNumber,
  abandoned: aBoolean,
  concurrent: aCount,
  newConnection: aBoolean,
  outage: aBoolean,
  proxied: aBoolean,
  session: optional(aString),
  retryAfterMs: optional(aCount),
} satisfies { readonly [K in keyof Exchange]-?: FieldCheck<Exchange[K]> };

/** A journal entry as the group's stream carries it: its fields in REQUEST_SPEC's order. */
export function listShippedRequest(request: ShippedRequest): unknown[] {
  return listFields(request, REQUEST_SPEC);
}

/** A caller-report exchange as the group's stream carries it: its fields in EXCHANGE_SPEC's order. */
export function listShippedExchange(exchange: Exchange): unknown[] {
  return listFields(exchange, EXCHANGE_SPEC);
}

/** A journal entry read from the group's stream, or what is wrong with it. */
export function readShippedRequest(value: unknown): ShippedRequest | string {
  return checkFieldList(value, REQUEST_SPEC);
}

/** A caller-report exchange read from the group's stream, or what is wrong with it. */
export function readShippedExchange(value: unknown): Exchange | string {
  const exchange = checkFieldList(value, EXCHANGE_SPEC);
  if (typeof exchange === 'string') return exchange;
  return exchange.endedAt < exchange.arrivedAt ? 'endedAt is before arrivedAt' : exchange;
}
