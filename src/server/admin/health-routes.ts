import { Router } from 'express';
import type { AdminParts } from './admin-parts';

/** `GET /health`: 200 once the first scenario set has loaded (for CI wait loops), 503 before. */
export function healthRoutes(parts: AdminParts): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    if (!parts.store.ready) {
      res.status(503).json({ status: 'starting' });
      return;
    }
    const { loadedAt, tokens } = parts.store.status();
    res.json({ status: 'ready', loadedAt, tokens, runtimeTokens: parts.runtime.size });
  });
  return router;
}
