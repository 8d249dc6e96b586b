import { Router } from 'express';
import type { AdminParts } from './admin-parts';

/** `POST /reset`: the journal, per-token state and runtime tokens back to what the files say. */
export function resetRoutes(parts: AdminParts): Router {
  const router = Router();
  router.post('/reset', (_req, res) => {
    res.json({ reset: parts.reset() });
  });
  return router;
}
