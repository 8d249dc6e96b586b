import type { Writable } from 'node:stream';

/** What the output may hold unwritten before lines are dropped: ~10,000 request lines. */
const MAX_BUFFERED_BYTES = 1 << 20;

/** How long a line may wait for others to join its write: a human reading the log sees no lag. */
const FLUSH_AFTER_MS = 20;

/** A batch this large goes out at once rather than waiting for the timer. */
const FLUSH_AT_CHARS = 64 * 1024;

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
 * Lines to a stream, gathered into one write every FLUSH_AFTER_MS (or FLUSH_AT_CHARS, whichever
 * comes first): a write per request line was half of the server's throughput (a libuv write
 * request and a syscall each), and a write per event-loop turn still cost a syscall and an
 * immediate for every few requests under load. Whoever writes around the batch (the logger's
 * info lines, shutdown) calls flush() first, so the order holds. When the stream
 * does not keep up (stdout piped to a reader that stopped reading), lines beyond
 * `maxBufferedBytes` of unwritten output are dropped and counted instead of held, so memory
 * stays bounded; a note with the count goes where they were missing once the stream drains.
 * Hand-written: pino's sonic-boom batches the same way but grows without bound (or blocks the
 * process with `sync`), and neither drops.
 */
export class BatchedLines<T> {
  private pending = '';
  private timer: NodeJS.Timeout | undefined;
  /** flush() bound once, so scheduling a write allocates no closure. */
  private readonly flushLater = (): void => this.flush();
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

  /** Queues one item's line for the next write, or drops it when the output is full. */
  push(item: T): void {
    if (this.pending.length + this.out.writableLength >= this.max) return this.drop();
    this.pending += this.options.format(item);
    if (this.pending.length >= FLUSH_AT_CHARS) this.flush();
    else this.schedule();
  }

  /** Writes what is queued now (before a line written around the batch, to keep the order). */
  flush(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
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
    if (this.timer === undefined) this.timer = setTimeout(this.flushLater, FLUSH_AFTER_MS);
  }
}
