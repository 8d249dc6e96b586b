import type { TokenStateStore } from '../../scenario/state/token-state';
import type { RuntimeTokens } from '../../scenario/state/runtime-tokens';
import type { Exchange } from '../../caller-report/exchange';
import { MemoryReportStore } from '../../caller-report/memory-report-store';

/** What a session is made with and what it shows: its names, the tokens it names, its idle lifetime. */
export interface SessionInfo {
  readonly id: string;
  /** Lowercase letters, digits and `-`: `prefix + T` answers as T, with this session's state. */
  readonly prefix: string;
  /** The tokens the session means to use: its unused tokens are judged over these; null when none were named. */
  readonly tokens: readonly string[] | null;
  readonly ttlMs: number;
  /** Epoch milliseconds. */
  readonly createdAt: number;
}

/** The most tokens one session's report tracks one by one: a test asks for a few. */
const SESSION_REPORT_TOKENS = 1000;

/**
 * One test's corner of a shared simulator: its own token state (sequences start at their first
 * step), its own runtime tokens, its own caller report. Made by Sessions; dropped whole when it
 * ends, so nothing of it outlives it.
 */
export class Session implements SessionInfo {
  readonly id: string;
  readonly prefix: string;
  readonly tokens: readonly string[] | null;
  readonly ttlMs: number;
  readonly createdAt: number;
  /** The session's exchanges only, under the tokens' names without the prefix. */
  readonly report = new MemoryReportStore(SESSION_REPORT_TOKENS);
  /** Epoch milliseconds of the last request or admin call naming it: the idle time-out counts from here. */
  lastUsedAt: number;
  /** When this instance last pushed its expiry in the group on (epoch ms). */
  keptAt: number;
  /** performance.now() of its last protocol request's arrival; -Infinity before the first. */
  lastArrivalAt = -Infinity;
  private ownRuntime: RuntimeTokens | undefined;

  constructor(
    info: SessionInfo,
    /** Per-token state of this session alone. */
    readonly states: TokenStateStore,
    private readonly makeRuntime: () => RuntimeTokens,
    /** Told of each exchange folded into this session's report (the waiters). */
    private readonly onRecorded: (session: Session, token: string) => void,
  ) {
    this.id = info.id;
    this.prefix = info.prefix;
    this.tokens = info.tokens;
    this.ttlMs = info.ttlMs;
    this.createdAt = info.createdAt;
    this.lastUsedAt = info.createdAt;
    this.keptAt = info.createdAt;
  }

  /** Runtime tokens only this session sees; made on first use, so a session that adds none pays nothing. */
  get runtime(): RuntimeTokens {
    this.ownRuntime ??= this.makeRuntime();
    return this.ownRuntime;
  }

  /** The session's runtime tokens if it has any: the request path asks only then. */
  get runtimeIfAny(): RuntimeTokens | undefined {
    return this.ownRuntime !== undefined && this.ownRuntime.size > 0 ? this.ownRuntime : undefined;
  }

  /** Folds one of its exchanges (answered here or by another instance of the group) into its report. */
  record(exchange: Exchange): void {
    this.report.record(exchange);
    this.onRecorded(this, exchange.token);
  }

  /** Its state, report and runtime tokens forgotten (POST /__admin/reset); it stays open. */
  resetLocal(): void {
    void this.states.reset().catch(() => undefined);
    void this.report.reset();
    this.ownRuntime?.clear();
  }

  /** What GET /sessions lists. */
  describe(): object {
    return {
      id: this.id,
      prefix: this.prefix,
      tokens: this.tokens,
      ttlMs: this.ttlMs,
      createdAt: new Date(this.createdAt).toISOString(),
      lastUsedAt: new Date(this.lastUsedAt).toISOString(),
      requests: this.report.requestCount,
    };
  }
}
