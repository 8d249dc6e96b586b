/** Rejections are told one line per this window at most, the rest counted in the next line. */
const WINDOW_MS = 10_000;

/**
 * Values read from Redis that auth-sim cannot use (another client wrote them): each is skipped,
 * counted for `GET /__admin/health`, and told in the log, the first at once and then at most one
 * line per 10 s counting the rest, so a client flooding the group's keys is a few lines, not one each.
 */
export class RejectedValues {
  /** Values skipped since the start. */
  count = 0;
  /** The last one, in words. */
  last: string | null = null;
  private open = false;
  private held = 0;

  constructor(
    private readonly warn: (line: string) => void,
    private readonly windowMs = WINDOW_MS,
  ) {}

  /** Counts and tells one value: where it was read (`auth-sim:events`) and what is wrong with it. */
  reject(where: string, problem: string): void {
    this.count += 1;
    this.last = `${where}: ${problem}`;
    if (this.open) {
      this.held += 1;
      return;
    }
    this.open = true;
    this.warn(
      `skipped a value in Redis that auth-sim cannot use (another client wrote it?): ${this.last}; rejected values are counted in GET /__admin/health (store.rejected)`,
    );
    setTimeout(() => this.closeWindow(), this.windowMs).unref();
  }

  private closeWindow(): void {
    if (this.held === 0) {
      this.open = false;
      return;
    }
    this.warn(
      `skipped ${this.held} more value(s) in Redis that auth-sim cannot use in the last ${this.windowMs / 1000} s (the last: ${this.last})`,
    );
    this.held = 0;
    setTimeout(() => this.closeWindow(), this.windowMs).unref();
  }
}
