import pc from 'picocolors';

/** Where the CLI's human output goes; problems go to stderr. */
export interface Logger {
  readonly info: (message: string) => void;
  readonly warn: (message: string) => void;
  readonly error: (message: string) => void;
  /**
   * A line machines act on: with `--log json` one object with `event` and `fields` beside the
   * message, printed even with --quiet (a CI job reads the URL from it); in text, a plain line.
   */
  event(level: Level, event: string, message: string, fields: Readonly<Record<string, unknown>>): void;
  /**
   * An info line that ends a problem told before (Redis is back after `lost Redis`): printed even
   * with --quiet, then on stderr beside the warning, since a warning with no end reads as an outage.
   */
  readonly resolved: (message: string) => void;
}

type Level = 'info' | 'warn' | 'error';

export interface LoggerOptions {
  readonly quiet?: boolean;
  readonly out?: NodeJS.WritableStream;
  /** One JSON object per line (`--log json`), for machines: `{"level":"info","message":"..."}`. */
  readonly json?: boolean;
  /** Called before a line is written (info, warning or error), so lines queued elsewhere (request lines) go out first. */
  readonly beforeLine?: () => void;
  /** `--log-time`: each text line begins with the time it is written (logTime), a JSON line gets a `time` field. */
  readonly time?: boolean;
}

/** `--log-time`'s stamp: ISO 8601 in UTC to the millisecond, the form JSON lines' `time` field has too. */
export function logTime(ms: number = Date.now()): string {
  return new Date(ms).toISOString();
}

/** Whether to colour: only on a TTY, never with NO_COLOR set (https://no-color.org). */
export function useColor(stream: NodeJS.WritableStream): boolean {
  return !process.env.NO_COLOR && Boolean((stream as NodeJS.WriteStream).isTTY);
}

/** A logger with the `auth-sim:` prefix; `quiet` keeps info lines out but never problems. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.out ?? process.stdout;
  const err = process.stderr;
  const colors = pc.createColors(useColor(err));
  const paint = { info: (m: string) => m, warn: colors.yellow, error: colors.red };
  const prefix = (stream: NodeJS.WritableStream) => (useColor(stream) ? pc.dim('auth-sim:') : 'auth-sim:');
  const stamp = options.time ? () => `${logTime()} ` : () => '';
  const timeField = options.time ? () => ({ time: logTime() }) : () => ({});
  const line = (stream: NodeJS.WritableStream, level: keyof typeof paint, message: string) =>
    stream.write(
      options.json
        ? `${JSON.stringify({ level, ...timeField(), message })}\n`
        : `${prefix(stream)} ${stamp()}${paint[level](message)}\n`,
    );
  return {
    info: (m) => {
      if (options.quiet) return;
      options.beforeLine?.();
      line(out, 'info', m);
    },
    warn: (m) => {
      options.beforeLine?.();
      line(err, 'warn', m);
    },
    error: (m) => {
      options.beforeLine?.();
      line(err, 'error', m);
    },
    resolved: (m) => {
      options.beforeLine?.();
      line(options.quiet ? err : out, 'info', m);
    },
    event: (level, event, message, fields) => {
      const stream = level === 'info' ? out : err;
      if (!options.json) {
        if (level !== 'info' || !options.quiet) {
          options.beforeLine?.();
          line(stream, level, message);
        }
        return;
      }
      options.beforeLine?.();
      stream.write(`${JSON.stringify({ level, event, ...timeField(), message, ...fields })}\n`);
    },
  };
}
