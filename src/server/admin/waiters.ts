import { performance } from 'node:perf_hooks';
/** Waiters held at once at most, unless told otherwise: each holds a connection and a timer. */
const DEFAULT_MAX_WAITERS = 1000;

/** One held `GET /wait`: done once, by its condition, its time-out or its caller leaving. */
interface Waiter {
  readonly key: string | null;
  readonly reached: () => boolean;
  readonly settle: (reached: boolean) => void;
}

/** What ends a wait early: the caller's connection closing. */
export interface WaitSignal {
  onAbort(listener: () => void): void;
}

/**
 * The held `GET /wait` requests. A wait for calls is keyed by scope and token and checked only
 * when an exchange of that token is recorded (event-driven: no polling); a wait for quiet arms
 * one timer for the moment the quiet would be complete and re-arms it when a request came since.
 * A request path with no waiter pays one Map size read per exchange.
 */
export class Waiters {
  private readonly byKey = new Map<string, Set<Waiter>>();
  private count = 0;

  constructor(readonly max = DEFAULT_MAX_WAITERS) {}

  /** How many waits are held now. */
  get size(): number {
    return this.count;
  }

  /** Tells the waiters of `token` in `scope` (a session id, or null for the run) that an exchange was recorded. */
  recorded(scope: string | null, token: string): void {
    if (this.byKey.size === 0) return;
    const waiting = this.byKey.get(keyOf(scope, token));
    if (waiting === undefined) return;
    for (const waiter of [...waiting]) if (waiter.reached()) waiter.settle(true);
  }

  /**
   * Resolves true once `reached()` holds (checked now and at each exchange of `token` in
   * `scope`), false at the time-out or when the signal aborts; null when `max` waits are held.
   */
  untilCalls(
    scope: string | null,
    token: string,
    reached: () => boolean,
    timeoutMs: number,
    signal: WaitSignal,
  ): Promise<boolean> | null {
    return this.hold(keyOf(scope, token), reached, timeoutMs, signal, () => undefined);
  }

  /**
   * Resolves true once no request has arrived for `quietMs` (`lastArrival()` is performance.now()
   * of the latest, -Infinity before any), false at the time-out or abort; null when full.
   */
  untilQuiet(
    lastArrival: () => number,
    quietMs: number,
    timeoutMs: number,
    signal: WaitSignal,
  ): Promise<boolean> | null {
    const quiet = () => performance.now() - lastArrival() >= quietMs;
    let timer: NodeJS.Timeout | undefined;
    const settleRef: { settle?: (reached: boolean) => void } = {};
    const arm = (): void => {
      const left = Math.max(1, quietMs - (performance.now() - lastArrival()));
      timer = setTimeout(() => (quiet() ? settleRef.settle?.(true) : arm()), left);
    };
    const held = this.hold(null, quiet, timeoutMs, signal, () => clearTimeout(timer), settleRef);
    if (held !== null) arm();
    return held;
  }

  private hold(
    key: string | null,
    reached: () => boolean,
    timeoutMs: number,
    signal: WaitSignal,
    cleanUp: () => void,
    settleRef: { settle?: (reached: boolean) => void } = {},
  ): Promise<boolean> | null {
    if (reached()) return Promise.resolve(true);
    if (this.count >= this.max) return null;
    return new Promise<boolean>((resolve) => {
      let done = false;
      const waiter: Waiter = {
        key,
        reached,
        settle: (outcome) => {
          if (done) return;
          done = true;
          clearTimeout(timeout);
          cleanUp();
          this.release(waiter);
          resolve(outcome);
        },
      };
      settleRef.settle = waiter.settle;
      const timeout = setTimeout(() => waiter.settle(reached()), timeoutMs);
      signal.onAbort(() => waiter.settle(false));
      this.count++;
      if (key === null) return;
      let set = this.byKey.get(key);
      if (set === undefined) this.byKey.set(key, (set = new Set()));
      set.add(waiter);
    });
  }

  private release(waiter: Waiter): void {
    this.count--;
    if (waiter.key === null) return;
    const set = this.byKey.get(waiter.key);
    set?.delete(waiter);
    if (set?.size === 0) this.byKey.delete(waiter.key);
  }
}

function keyOf(scope: string | null, token: string): string {
  return `${scope ?? ''}\u0000${token}`;
}
