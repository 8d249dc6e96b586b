import type { CompiledEntry } from '../../scenario/compile/scenario-set';

/** Where the outage's answer says it comes from, in the journal (`entry`) and the token view. */
export const OUTAGE_FILE = '(outage)';

/** An outage as the admin API shows it. */
export interface OutageStatus {
  readonly active: boolean;
  /** ISO 8601 times; null when there is no outage or it runs until lifted. */
  readonly since: string | null;
  readonly until: string | null;
  /** The entry every token gets, as it was sent. */
  readonly entry: unknown;
}

/**
 * The whole service down for a while: while on, every token gets one entry (a status, a fault)
 * instead of its own. The request path reads `entry` once per request; null (no outage) costs
 * one comparison. An outage with an end lifts itself at the first request after it.
 */
export class Outage {
  private answer: CompiledEntry | null = null;
  private sent: unknown = null;
  private since = 0;
  private until = Infinity;

  /** The entry answering every token now, or null when the service is up. */
  get entry(): CompiledEntry | null {
    if (this.answer !== null && Date.now() >= this.until) this.end();
    return this.answer;
  }

  /** Starts (or replaces) the outage; `forMs` undefined: until end() is called. */
  start(entry: CompiledEntry, sent: unknown, forMs?: number): void {
    this.answer = entry;
    this.sent = sent;
    this.since = Date.now();
    this.until = forMs === undefined ? Infinity : this.since + forMs;
  }

  /** Lifts the outage; false when there was none. */
  end(): boolean {
    const was = this.answer !== null;
    this.answer = null;
    this.sent = null;
    this.until = Infinity;
    return was;
  }

  status(): OutageStatus {
    if (this.entry === null) return { active: false, since: null, until: null, entry: null };
    return {
      active: true,
      since: new Date(this.since).toISOString(),
      until: Number.isFinite(this.until) ? new Date(this.until).toISOString() : null,
      entry: this.sent,
    };
  }
}
