import { Router } from 'express';
import type { AdminParts } from './admin-parts';

/** `GET /scenarios`: the served files, token counts, load time, the last reload error, and the runtime tokens. */
export function scenarioRoutes(parts: AdminParts): Router {
  const router = Router();
  router.get('/scenarios', (_req, res) => {
    res.json({ ...parts.store.status(), runtimeTokens: parts.runtime.tokens() });
  });
  return router;
}
