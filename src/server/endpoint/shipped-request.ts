import { answeredFields, StoredRecord, type JournalEntry, type JournalRecord } from './journal';
import { parseTraceparent } from './trace-context';

/**
 * A journal record as an instance ships it to the group's stream: the JournalEntry's fields
 * without `seq` and `instance` (the stream entry gives both) and with `at` (epoch ms) for `time`,
 * so neither side formats or parses a date per request.
 */
export type ShippedRequest = Omit<JournalEntry, 'seq' | 'instance' | 'time'> & { readonly at: number };

/** The record as it goes to the group's stream. */
export function shipRecord(r: JournalRecord): ShippedRequest {
  return {
    at: r.at,
    ...answeredFields(r),
    ...(r.session === undefined ? null : { session: r.session }),
    ...parseTraceparent(r.traceparent),
  };
}

/**
 * A request read back from the group's stream as a record of this journal: numbered `seq` by the
 * group (the stream's order, alike on every instance), answered by `instance`, its place and near
 * misses as the answering instance described them.
 */
export function adoptedRecord(shipped: ShippedRequest, instance: string, seq: number): JournalRecord {
  const { entry, nearMisses, traceId, spanId } = shipped;
  // Field by field rather than a rest spread: V8 copies a rest object on a slow path, once per request read.
  return new StoredRecord(
    seq,
    shipped.at,
    shipped.method,
    shipped.token,
    shipped.origin,
    shipped.status,
    shipped.fault,
    shipped.delayMs,
    shipped.bytes,
    shipped.durationMs,
    shipped.matched,
    entry === null ? null : { file: entry, line: 0 },
    nearMisses.length === 0 ? null : () => nearMisses,
    shipped.refused,
    shipped.clientCert,
    instance,
    shipped.session,
    // The answering instance checked its caller's header: written back as a traceparent, it reads the same ids.
    traceId === undefined || spanId === undefined ? undefined : `00-${traceId}-${spanId}-00`,
  );
}
