import type { JournalEntry, JournalRecord } from './journal';

/**
 * A journal entry read back from the group's stream as a record of this journal: numbered `seq`
 * by the group (the stream's order, alike on every instance), its place and near misses as the
 * answering instance described them.
 */
export function adoptedRecord(entry: JournalEntry, seq: number): JournalRecord {
  const { time, entry: where, nearMisses: misses, traceId, spanId, ...rest } = entry;
  return {
    ...rest,
    // The answering instance checked its caller's header: written back as a traceparent, it reads the same ids.
    traceparent: traceId === undefined || spanId === undefined ? undefined : `00-${traceId}-${spanId}-00`,
    seq,
    at: Date.parse(time),
    source: where === null ? null : { file: where, line: 0 },
    misses: misses.length === 0 ? null : () => misses,
  };
}
