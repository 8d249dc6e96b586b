import type { Writable } from 'node:stream';

/** What the output may hold unwritten before lines are dropped: ~10,000 request lines. */
const MAX_BUFFERED_BYTES = 1 << 20;

/** How long a line may wait for others to join its write: a human reading the log sees no lag. */
const FLUSH_AFTER_MS = 20;

/** A batch this large goes out at once rather than waiting for the timer. */
const FLUSH_AT_BYTES = 64 * 1024;

/** Room for a full batch and the line that filled it; a longer line gets a larger buffer. */
const BUFFER_BYTES = FLUSH_AT_BYTES + 16 * 1024;

/** Where a line is written, piece by piece, as bytes. */
export interface LineWriter {
  /** Bytes made once (a named entry's head and tail), copied as they are. */
  bytes(bytes: Uint8Array): void;
  /** Text known to be ASCII (a number), copied a byte a character. */
  ascii(text: string): void;
  /** Any text, as UTF-8. */
  text(text: string): void;
}

/** How a batch of lines is told about lines it dropped, in the log's own format. */
export interface BatchedLinesOptions<T> {
  /** Writes one item's line, its newline included. */
  readonly format: (item: T, line: LineWriter) => void;
  /** The line put where lines were dropped, once the output catches up. */
  readonly droppedNote: (count: number) => string;
  /** Called when lines start being dropped, the first time only. */
  readonly onFirstDrop?: () => void;
  readonly maxBufferedBytes?: number;
}

/**
 * Lines to a stream, gathered into one write every FLUSH_AFTER_MS (or FLUSH_AT_BYTES, whichever
 * comes first): a write per request line was half of the server's throughput (a libuv write
 * request and a syscall each), and a write per event-loop turn still cost a syscall and an
 * immediate for every few requests under load. Lines are gathered as bytes, not as one string
 * joined line by line: V8 holds such a string as a rope, and copying it flat and then into UTF-8
 * at each write cost ~1,000 instructions a request line under callgrind. Whoever writes around the
 * batch (the logger's info lines, shutdown) calls flush() first, so the order holds. When the stream
 * does not keep up (stdout piped to a reader that stopped reading), lines beyond
 * `maxBufferedBytes` of unwritten output are dropped and counted instead of held, so memory
 * stays bounded; a note with the count goes where they were missing once the stream drains.
 * Hand-written: pino's sonic-boom batches the same way but grows without bound (or blocks the
 * process with `sync`), and neither drops.
 */
export class BatchedLines<T> implements LineWriter {
  private buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private used = 0;
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
    if (this.used + this.out.writableLength >= this.max) return this.drop();
    if (this.droppedHere > 0) this.noteDropped();
    this.options.format(item, this);
    if (this.used >= FLUSH_AT_BYTES) this.flush();
    else this.schedule();
  }

  /** Writes what is queued now (before a line written around the batch, to keep the order). */
  flush(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.droppedHere > 0 && this.out.writableLength < this.max) this.noteDropped();
    if (this.used === 0) return;
    // A copy: the stream may hold what it is given until it is written, and the buffer is reused.
    const batch = Buffer.from(this.buffer.subarray(0, this.used));
    this.used = 0;
    // A buffer grown for one long line is let go.
    if (this.buffer.length > BUFFER_BYTES) this.buffer = Buffer.allocUnsafe(BUFFER_BYTES);
    this.out.write(batch);
  }

  bytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
  }

  ascii(text: string): void {
    this.room(text.length);
    const buffer = this.buffer;
    let at = this.used;
    for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i);
    this.used = at;
  }

  text(text: string): void {
    // A UTF-16 unit is at most 3 bytes of UTF-8: the exact count only when that might not fit.
    if (this.buffer.length - this.used < text.length * 3) this.room(Buffer.byteLength(text));
    this.used += this.buffer.write(text, this.used);
  }

  /** Makes room for `bytes` more: a larger buffer, the bytes so far copied, for a line that does not fit. */
  private room(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(BUFFER_BYTES, this.used + bytes));
    this.buffer.copy(larger, 0, 0, this.used);
    this.buffer = larger;
  }

  /** The note for the lines dropped since the output was last full, where they are missing. */
  private noteDropped(): void {
    const count = this.droppedHere;
    this.droppedHere = 0;
    this.text(this.options.droppedNote(count));
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
