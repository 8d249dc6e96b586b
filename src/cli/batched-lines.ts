import type { Writable } from 'node:stream';

/** What the output may hold unwritten before lines are dropped: ~10,000 request lines. */
const MAX_BUFFERED_BYTES = 1 << 20;

/** How a batch of lines is told about lines it dropped, in the log's own format. */
export interface BatchedLinesOptions<T> {
  readonly format: (item: T) => string;
  /** The line put where lines were dropped, once the output catches up. */
  readonly droppedNote: (count: number) => string;
  /** Called when lines start being dropped, the first time only. */
  readonly onFirstDrop?: () => void;
  readonly maxBufferedBytes?: number;
}

/**
 * Lines to a stream, gathered into one write per event-loop turn: a write per request line was
 * half of the server's throughput (a libuv write request and a syscall each). When the stream
 * does not keep up (stdout piped to a reader that stopped reading), lines beyond
 * `maxBufferedBytes` of unwritten output are dropped and counted instead of held, so memory
 * stays bounded; a note with the count goes where they were missing once the stream drains.
 * Hand-written: pino's sonic-boom batches the same way but grows without bound (or blocks the
 * process with `sync`), and neither drops.
 */
export class BatchedLines<T> {
  private pending = '';
  private scheduled = false;
  private droppedHere = 0;
  private droppedInAll = 0;
  private readonly max: number;

  constructor(
    private readonly out: Writable,
    private readonly options: BatchedLinesOptions<T>,
  ) {
    this.max = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  }

  /** Lines dropped since the start. */
  get dropped(): number {
    return this.droppedInAll;
  }

  /** Queues one item's line for this turn's write, or drops it when the output is full. */
  push(item: T): void {
    if (this.pending.length + this.out.writableLength >= this.max) return this.drop();
    this.pending += this.options.format(item);
    this.schedule();
  }

  /** Writes what is queued now (before a line written around the batch, to keep the order). */
  flush(): void {
    this.scheduled = false;
    if (this.droppedHere > 0 && this.out.writableLength < this.max) {
      this.pending = this.options.droppedNote(this.droppedHere) + this.pending;
      this.droppedHere = 0;
    }
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.out.write(text);
  }

  private drop(): void {
    if (this.droppedInAll === 0) this.options.onFirstDrop?.();
    this.droppedInAll += 1;
    if (this.droppedHere++ === 0) this.out.once('drain', () => this.schedule());
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }
}
