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
}

/** Whether to colour: only on a TTY, never with NO_COLOR set (https://no-color.org). */
export function useColor(stream: NodeJS.WritableStream): boolean {
  return !process.env.NO_COLOR && Boolean((stream as NodeJS.WriteStream).isTTY);
}

/** A logger with the `auth-sim:` prefix; `quiet` keeps info lines out but never problems. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.out ?? process.stdout;
  const err = options.err ?? process.stderr;
  const colors = pc.createColors(useColor(err));
  const prefix = (stream: NodeJS.WritableStream) => (useColor(stream) ? pc.dim('auth-sim:') : 'auth-sim:');
  return {
    info: (m) => {
      if (!options.quiet) out.write(`${prefix(out)} ${m}\n`);
    },
    warn: (m) => err.write(`${prefix(err)} ${colors.yellow(m)}\n`),
    error: (m) => err.write(`${prefix(err)} ${colors.red(m)}\n`),
  };
}
