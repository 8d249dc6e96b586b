import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AdminError } from './admin-error';

/** The header, besides `authorization: Bearer`, that may carry the admin token. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Makes every mutating admin call (PUT, POST, DELETE, ...) present `secret`, as
 * `authorization: Bearer <secret>` or `x-admin-token: <secret>`. Reads stay open.
 */
export function requireAdminToken(secret: string): RequestHandler {
  const expected = digest(secret);
  return (req: Request, res: Response, next: NextFunction) => {
    if (READ_ONLY.has(req.method)) return next();
    const given = presentedToken(req);
    if (given !== undefined && timingSafeEqual(digest(given), expected)) return next();
    res.setHeader('www-authenticate', 'Bearer realm="auth-sim admin"');
    const why = given === undefined ? 'needs the admin token' : 'was sent a wrong admin token';
    next(new AdminError(401, `${req.method} ${req.originalUrl} ${why}: send "authorization: Bearer <token>" or "${ADMIN_TOKEN_HEADER}: <token>" with the --admin-token value`));
  };
}

function presentedToken(req: Request): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (bearer) return bearer[1].trim();
  const header = req.headers[ADMIN_TOKEN_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value === undefined || value === '' ? undefined : value;
}

/** Equal-length digests, so the comparison takes the same time whatever was sent. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
