import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import type { NodeHandler } from './protocol-handler';
import { errorReply } from './error-reply';
import { writeReply } from './write-reply';
import { describeFailure } from './describe-failure';
import { warnInternalError } from './answer-runtime';

const NOT_FOUND = errorReply(404, 'NOT_FOUND', 'no such path; the protocol paths are GET /rest/chat/client/id/{token} and POST /rest/chat/client/id/');
const INTERNAL = errorReply(500, 'INTERNAL_ERROR', 'auth-sim failed to answer this request; see its log');

/** What the Express app is built from. */
export interface AppParts {
  readonly protocol: NodeHandler;
  /** The admin API and where it is mounted (`createAdminRouter`); absent with --no-admin. */
  readonly admin?: { readonly prefix: string; readonly router: Router };
  /** Where a request that failed inside (a 500) is reported; default: a process warning. */
  readonly report?: (message: string) => void;
}

/**
 * The Express application: the protocol handler first (the same function the server runs ahead
 * of Express), then JSON 404s and a JSON 500 that never leaks a stack trace. Never listens.
 */
export function createApp(parts: AppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!parts.protocol(req, res)) next();
  });
  if (parts.admin) app.use(parts.admin.prefix, parts.admin.router);
  app.use((_req: Request, res: Response) => writeReply(res, NOT_FOUND));
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    (parts.report ?? warnInternalError)(`${req.method} ${req.originalUrl} failed: ${describeFailure(error)}`);
    if (res.headersSent) return res.destroy();
    writeReply(res, INTERNAL);
  });
  return app;
}
