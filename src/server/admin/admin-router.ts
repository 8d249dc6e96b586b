import { Router, type NextFunction, type Request, type Response } from 'express';
import type { AdminSettings, ControlParts } from './control-parts';
import { AdminError, adminErrorHandler } from './admin-error';
import { statusRoutes } from './status-routes';
import { requestRoutes } from './request-routes';
import { tokenRoutes } from './token-routes';
import { eventRoutes } from './event-routes';
import { guardAdminRequests, requireAdminToken } from './request-guard';
import { uiRoutes } from './ui-routes';
import { reportRoutes } from './report-routes';
import { outageRoutes } from './outage-routes';
import { mcpRoutes } from './mcp-routes';
import { metricsRoutes } from './metrics-routes';
import { exportRoutes } from './export-routes';
import { sessionRoutes } from './session-routes';
import { waitRoutes } from './wait-routes';
import { clockRoutes } from './clock-routes';

const ROUTES =
  'GET health, GET scenarios, GET|DELETE requests, GET events, GET report, GET tokens, GET|PUT|DELETE tokens/{token}, GET|POST|DELETE outage, GET|POST|DELETE clock, GET|POST sessions, GET|DELETE sessions/{id}, GET sessions/{id}/report, GET sessions/{id}/requests, PUT|DELETE sessions/{id}/tokens/{token}, GET wait, POST reset, POST mcp, GET metrics, GET export, GET scenarios/file, GET ui/';

/**
 * The admin API as one Express router, JSON in and out; every error is a JSON 4xx (or a bare
 * 500), never a stack trace. Requests from other sites are refused first (request-guard); with an
 * admin token, mutating calls must present it, and reads too on a host other machines reach. The dashboard's page is served under ui/.
 */
export function createAdminRouter(parts: ControlParts, settings: AdminSettings): Router {
  const router = Router();
  router.use(denyFraming);
  router.use(guardAdminRequests(settings.host));
  if (settings.token !== undefined) router.use(requireAdminToken(settings.token, settings.guardReads));
  router.use(
    statusRoutes(parts),
    requestRoutes(parts),
    tokenRoutes(parts, settings),
    eventRoutes(parts, settings),
    reportRoutes(parts),
    outageRoutes(parts, settings),
    clockRoutes(parts),
    sessionRoutes(parts, settings),
    waitRoutes(parts),
    mcpRoutes(settings),
    metricsRoutes(parts),
    exportRoutes(parts),
    uiRoutes(),
  );
  router.use((req, _res, next) =>
    next(new AdminError(404, `no admin route ${req.method} ${req.originalUrl}; the admin routes are ${ROUTES}`)),
  );
  router.use(adminErrorHandler(parts.answering.report));
  return router;
}

/**
 * No page of another site may frame an admin answer (one click in an invisible frame could reset
 * everything), and the dashboard runs only its own files: no inline script, nothing from elsewhere.
 * helmet was considered; these three headers are all of it that applies here.
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
};

function denyFraming(_req: Request, res: Response, next: NextFunction): void {
  res.set(SECURITY_HEADERS);
  next();
}
