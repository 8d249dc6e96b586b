import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { NodeHandler } from './endpoint/protocol-handler';
import type { ControlParts } from './admin/control-parts';
import { createAdminRouter } from './admin/admin-router';
import { errorReply } from '../scenario/compile/build-reply';
import { writeReply } from './endpoint/deliver-answer';
import { describeFailure } from './endpoint/describe-failure';
import { INTERNAL_ERROR, NOT_FOUND } from '../protocol/built-in-answers';

const NOT_FOUND_REPLY = errorReply(NOT_FOUND);
const INTERNAL_REPLY = errorReply(INTERNAL_ERROR);

/**
 * The Express application: the protocol handler first (the same function the server runs ahead
 * of Express), the admin API unless it is off, then JSON 404s and a JSON 500 that never leaks a
 * stack trace (reported to `control.answering.report`). Never listens.
 */
export function createApp(protocol: NodeHandler, control: ControlParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!protocol(req, res)) next();
  });
  if (control.admin) app.use(control.admin.prefix, createAdminRouter(control, control.admin));
  app.use((_req: Request, res: Response) => writeReply(res, NOT_FOUND_REPLY));
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    control.answering.report(`${req.method} ${req.originalUrl} failed: ${describeFailure(error)}`);
    if (res.headersSent) return res.destroy();
    writeReply(res, INTERNAL_REPLY);
  });
  return app;
}
