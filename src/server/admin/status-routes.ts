import { Router } from 'express';
import type { ControlParts } from './control-parts';

/**
 * `GET /health`: 200 once the first scenario set has loaded (for CI wait loops), 503 before.
 * `GET /scenarios`: the served files, token counts, load time, the last reload error, and the runtime tokens.
 * `POST /reset`: the journal, per-token state and runtime tokens back to what the files say.
 */
export function statusRoutes(parts: ControlParts): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    if (!parts.store.ready) {
      res.status(503).json({ status: 'starting' });
      return;
    }
    const { loadedAt, tokens } = parts.store.status();
    const store = parts.group ? { store: parts.group.health() } : null;
    res.json({ status: 'ready', loadedAt, tokens, runtimeTokens: parts.runtime.size, ...store });
  });
  router.get('/scenarios', (_req, res) => {
    res.json({ ...parts.store.status(), runtimeTokens: parts.runtime.tokens() });
  });
  router.post('/reset', async (_req, res) => {
    res.json({ reset: await parts.reset() });
  });
  return router;
}
