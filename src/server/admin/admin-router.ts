import { Router } from 'express';
import { AdminError, adminErrorHandler } from './admin-error';
import { requireAdminToken } from './admin-auth';
import type { AdminParts } from './admin-parts';
import { healthRoutes } from './health-routes';
import { requestRoutes } from './request-routes';
import { resetRoutes } from './reset-routes';
import { scenarioRoutes } from './scenario-routes';
import { tokenRoutes } from './token-routes';
import { eventRoutes } from './event-routes';
import { guardAdminRequests } from './request-guard';
import { tokenViewRoutes } from './token-view-routes';
import { uiRoutes } from './ui-routes';

export { DEFAULT_ADMIN_PREFIX } from './admin-prefix';

const ROUTES = 'GET health, GET scenarios, GET|DELETE requests, GET events, GET tokens, GET|PUT|DELETE tokens/{token}, POST reset, GET ui/';

/**
 * The admin API as one Express router, JSON in and out; every error is a JSON 4xx (or a bare
 * 500), never a stack trace. Requests from other sites are refused first (request-guard); with an
 * admin token, mutating calls must present it. The dashboard's page is served under ui/.
 */
export function createAdminRouter(parts: AdminParts): Router {
  const router = Router();
  router.use(guardAdminRequests(parts.host ?? '127.0.0.1'));
  if (parts.adminToken !== undefined) router.use(requireAdminToken(parts.adminToken));
  router.use(healthRoutes(parts), scenarioRoutes(parts), requestRoutes(parts), tokenRoutes(parts), resetRoutes(parts), eventRoutes(parts), tokenViewRoutes(parts), uiRoutes());
  router.use((req, _res, next) => next(new AdminError(404, `no admin route ${req.method} ${req.originalUrl}; the admin routes are ${ROUTES}`)));
  router.use(adminErrorHandler(parts.report));
  return router;
}
