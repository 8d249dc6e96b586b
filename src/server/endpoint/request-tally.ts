import type { JournalRecord } from './journal';

/** The upper bounds of the request-duration histogram, in seconds (Prometheus's `le`). */
export const DURATION_BUCKETS: readonly number[] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests of one method, status and fault, counted. */
export interface RequestCount {
  readonly method: string;
  readonly status: string;
  readonly fault: string;
  count: number;
}

/**
 * Every finished protocol request counted for the metrics: by method, status and fault, and its
 * duration in histogram buckets. A record costs a map lookup and a short bucket scan; the
 * Prometheus text is made only when someone scrapes (server/admin/metrics-routes.ts).
 */
export class RequestTally {
  readonly counts = new Map<string, RequestCount>();
  /** Requests at or under each bucket's bound (not cumulative; the scrape adds them up), then the rest. */
  readonly buckets = new Float64Array(DURATION_BUCKETS.length + 1);
  durationSum = 0;
  total = 0;

  /** A recorder listener: bound, so it can be handed over as it is. */
  readonly count = (record: JournalRecord): void => {
    const status = record.status === null ? 'none' : String(record.status);
    const fault = record.fault ?? 'none';
    const key = `${record.method} ${status} ${fault}`;
    const found = this.counts.get(key);
    if (found === undefined) this.counts.set(key, { method: record.method, status, fault, count: 1 });
    else found.count += 1;
    const seconds = record.durationMs / 1000;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket += 1;
    this.buckets[bucket] += 1;
    this.durationSum += seconds;
    this.total += 1;
  };
}
