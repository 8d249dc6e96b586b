import pc from 'picocolors';

/** Where the CLI's human output goes; problems go to stderr. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface LoggerOptions {
  readonly quiet?: boolean;
  readonly out?: NodeJS.WritableStream;
  readonly err?: NodeJS.WritableStream;
  /** One JSON object per line (`--log json`), for machines: `{"level":"info","message":"..."}`. */
  readonly json?: boolean;
  /** Called before an info line is written, so lines queued elsewhere for `out` go out first. */
  readonly beforeInfo?: () => void;
}

/** Whether to colour: only on a TTY, never with NO_COLOR set (https://no-color.org). */
export function useColor(stream: NodeJS.WritableStream): boolean {
  return !process.env.NO_COLOR && Boolean((stream as NodeJS.WriteStream).isTTY);
}

/** A logger with the `auth-sim:` prefix; `quiet` keeps info lines out but never problems. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.out ?? process.stdout;
  const err = options.err ?? process.stderr;
  if (options.json) return createJsonLogger(out, err, options.quiet, options.beforeInfo);
  const colors = pc.createColors(useColor(err));
  const prefix = (stream: NodeJS.WritableStream) => (useColor(stream) ? pc.dim('auth-sim:') : 'auth-sim:');
  return {
    info: (m) => {
      if (options.quiet) return;
      options.beforeInfo?.();
      out.write(`${prefix(out)} ${m}\n`);
    },
    warn: (m) => err.write(`${prefix(err)} ${colors.yellow(m)}\n`),
    error: (m) => err.write(`${prefix(err)} ${colors.red(m)}\n`),
  };
}

function createJsonLogger(out: NodeJS.WritableStream, err: NodeJS.WritableStream, quiet?: boolean, beforeInfo?: () => void): Logger {
  const line = (stream: NodeJS.WritableStream, level: string, message: string) => stream.write(`${JSON.stringify({ level, message })}\n`);
  return {
    info: (m) => {
      if (quiet) return;
      beforeInfo?.();
      line(out, 'info', m);
    },
    warn: (m) => line(err, 'warn', m),
    error: (m) => line(err, 'error', m),
  };
}
