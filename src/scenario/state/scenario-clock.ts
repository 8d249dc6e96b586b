/** Where a group keeps the clock's offset, so every instance moves together (shared-state/). */
export interface ClockShare {
  /** Adds `byMs` to the group's offset; resolves to the offset now, or null while the group cannot be reached. */
  advance(byMs: number): Promise<number | null>;
  /** Back to real time for the whole group; false while the group cannot be reached. */
  reset(): Promise<boolean>;
}

/**
 * Scenario time: real time plus an offset a test moves forward (`POST /__admin/clock`,
 * `sim.clock.advance('2h')`), so `expire: { after: 1h }` is tested without waiting an hour.
 * Everything that ages by scenario time (expiry, rate-limit windows) reads `now()`;
 * delays and the caller report's measured gaps stay in real time (performance.now()).
 */
export class ScenarioClock {
  private offset = 0;
  /** Set once the simulator joins a group: changes made here go through it (and it tells the others). */
  share: ClockShare | undefined;
  /** Told after each change of the offset, made here or taken on from the group. */
  private readonly watchers: (() => void)[] = [];

  constructor(private readonly realNow: () => number = Date.now) {}

  /** Epoch milliseconds of scenario time. */
  now(): number {
    return this.realNow() + this.offset;
  }

  /** How far scenario time is ahead of real time, in milliseconds. */
  get offsetMs(): number {
    return this.offset;
  }

  /** Moves scenario time forward by `byMs` (whole milliseconds); resolves to the offset now. */
  async advance(byMs: number): Promise<number> {
    const by = Math.round(byMs);
    const shared = await this.share?.advance(by);
    this.offset = shared ?? this.offset + by;
    this.moved();
    return this.offset;
  }

  /** Back to real time. */
  async reset(): Promise<void> {
    this.offset = 0;
    await this.share?.reset();
    this.moved();
  }

  /** Takes on an offset the group holds (another instance moved it): nothing is shared back. */
  adopt(offsetMs: number): void {
    if (offsetMs === this.offset) return;
    this.offset = offsetMs;
    this.moved();
  }

  /**
   * Calls `watcher` after every change of scenario time (what ages by it, like an idle session,
   * looks again); the function returned stops the calls.
   */
  onMove(watcher: () => void): () => void {
    this.watchers.push(watcher);
    return () => {
      const at = this.watchers.indexOf(watcher);
      if (at >= 0) this.watchers.splice(at, 1);
    };
  }

  private moved(): void {
    for (const watcher of this.watchers) watcher();
  }
}
