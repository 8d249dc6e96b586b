import { nodeCrypto } from '../../scenario/base/crypto-library';
import { isIP } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AdminError } from './admin-error';
import { ADMIN_TOKEN_HEADER } from '../../protocol/endpoints';

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Keeps web pages of other sites away from the admin API (written by hand: `cors` and `helmet`
 * were considered, but they set response headers and neither refuses a request by Host).
 * - Host: on a loopback address, a request must name the server by an IP address or localhost;
 *   a DNS-rebinding page reaches the port under its own name, which is refused (reads too: the
 *   journal shows tokens). Bound elsewhere, the operator chose to answer to any name.
 * - Origin: a browser sends it on every cross-origin write (fetch, form POST); a write whose
 *   Origin is not this server's own (or is "null") is refused. Tools without an Origin (curl,
 *   scripts, chat servers) are unaffected.
 */
export function guardAdminRequests(boundHost: string): RequestHandler {
  const strictHost = isLoopbackHost(boundHost);
  return (req: Request, _res: Response, next: NextFunction) => {
    const host = req.headers.host ?? '';
    if (strictHost && !isLocalName(hostnameOf(host), boundHost)) {
      return next(
        new AdminError(
          403,
          `the admin API answers only to this machine's own names (127.0.0.1, localhost, [::1]), not Host "${host}"; a page on another site cannot use it`,
        ),
      );
    }
    if (READ_ONLY.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`) {
      return next(
        new AdminError(
          403,
          `${req.method} ${req.originalUrl} refused: it came from a page at ${origin}, not from this simulator (${host}); the admin API takes changes only from its own dashboard and from tools that send no Origin`,
        ),
      );
    }
    next();
  };
}

/** Whether `host` is reachable from this machine only (127.x, ::1, localhost), where the admin API may stay open. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127\./.test(name);
}

/** The name in a Host header, without port or IPv6 brackets, in lower case. */
function hostnameOf(host: string): string {
  const bracketed = /^\[([^\]]+)\]/.exec(host);
  if (bracketed) return bracketed[1].toLowerCase();
  return host.replace(/:\d*$/, '').toLowerCase();
}

/** IP literals cannot be rebound; localhost and *.localhost always resolve here; the bound name is the operator's. */
function isLocalName(name: string, boundHost: string): boolean {
  return isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost') || name === boundHost.toLowerCase();
}

/**
 * Makes every mutating admin call (PUT, POST, DELETE, ...) present `secret`, as
 * `authorization: Bearer <secret>` or `x-admin-token: <secret>`; with `guardReads` (a host other
 * machines reach, where a DNS-rebinding page passes any Host check) reads too. `GET /health`
 * (probes, a container's HEALTHCHECK) and the dashboard's page (it asks for the secret) stay open.
 */
export function requireAdminToken(secret: string, guardReads: boolean): RequestHandler {
  const expected = digest(secret);
  return (req: Request, res: Response, next: NextFunction) => {
    if (READ_ONLY.has(req.method) && (!guardReads || isOpenRead(req.path))) return next();
    const given = presentedToken(req);
    if (given !== undefined && nodeCrypto().timingSafeEqual(digest(given), expected)) return next();
    res.setHeader('www-authenticate', 'Bearer realm="auth-sim admin"');
    const why = given === undefined ? 'needs the admin token' : 'was sent a wrong admin token';
    next(
      new AdminError(
        401,
        `${req.method} ${req.originalUrl} ${why}: send "authorization: Bearer <token>" or "${ADMIN_TOKEN_HEADER}: <token>" with the --admin-token value`,
      ),
    );
  };
}

/** The reads that show nothing served or logged: health, and the dashboard's static page. */
function isOpenRead(path: string): boolean {
  return path === '/health' || path === '/ui' || path.startsWith('/ui/');
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
  return nodeCrypto().createHash('sha256').update(value, 'utf8').digest();
}
