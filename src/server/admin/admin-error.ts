import type { NextFunction, Request, Response } from 'express';
import type { Problem } from '../../scenario/base/problem';
import { describeFailure } from '../endpoint/describe-failure';
import { formatByteSize } from '../../scenario/base/size-limits';

/** An admin call that cannot be done as asked: its status, a message saying why, and any problems. */
export class AdminError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
    readonly problems?: readonly Problem[],
  ) {
    super(message);
  }
}

/**
 * An error handler that sends an admin error as JSON, `{ error, problems? }`. Anything unexpected
 * becomes a 500 without a stack trace, and is reported (with where it was thrown), so "see its
 * log" is never a dead end.
 */
export function adminErrorHandler(report: (message: string) => void) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const { status, body } = describeError(error);
    if (status >= 500 && !(error instanceof AdminError))
      report(`admin ${req.method} ${req.originalUrl} failed inside: ${describeFailure(error)}`);
    if (res.headersSent) return void res.destroy();
    res.status(status).json(body);
  };
}

function describeError(error: unknown): {
  status: number;
  body: { readonly error: string; readonly problems?: readonly Problem[] };
} {
  if (error instanceof AdminError) {
    return {
      status: error.status,
      body: error.problems ? { error: error.message, problems: error.problems } : { error: error.message },
    };
  }
  // The router could not decode a path parameter (`%FF`, a lone `%`, `%C3%28`): the caller's mistake.
  if (error instanceof URIError) {
    return {
      status: 400,
      body: {
        error: `${String((error as { message?: unknown }).message)}: the path is not percent-encoded UTF-8; encode a token with encodeURIComponent`,
      },
    };
  }
  // body-parser's errors carry a 4xx status and a safe message (too large, bad charset, aborted).
  const parser = error as {
    status?: unknown;
    expose?: unknown;
    message?: unknown;
    type?: unknown;
    length?: unknown;
    limit?: unknown;
  };
  if (parser.type === 'entity.too.large' && typeof parser.limit === 'number') {
    const size = typeof parser.length === 'number' ? `${formatByteSize(parser.length)}` : 'larger than that';
    return {
      status: 413,
      body: {
        error: `the entry is ${size}, over the ${formatByteSize(parser.limit)} limit for one entry (--max-entry-size)`,
      },
    };
  }
  if (typeof parser.status === 'number' && parser.status >= 400 && parser.status < 500 && parser.expose === true) {
    return { status: parser.status, body: { error: String(parser.message) } };
  }
  return { status: 500, body: { error: 'auth-sim failed to do this admin call; see its log' } };
}
