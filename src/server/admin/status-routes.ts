import { Router } from 'express';
import { readFile } from 'node:fs/promises';
import type { ControlParts } from './control-parts';
import { AdminError } from './admin-error';

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
  router.get('/scenarios/file', async (req, res) => {
    res.json(await servedFileText(parts, req.query.name));
  });
  router.post('/reset', async (_req, res) => {
    res.json({ reset: await parts.reset() });
  });
  return router;
}

/** A served scenario file's text, read from disk now; only files of the served set are read, never another path. */
async function servedFileText(parts: ControlParts, name: unknown): Promise<{ file: string; text: string }> {
  const files = parts.store.status().files;
  if (typeof name !== 'string' || !files.includes(name))
    throw new AdminError(
      404,
      `${JSON.stringify(name ?? null)} is not a served scenario file; they are ${files.map((f) => JSON.stringify(f)).join(', ') || 'none'}`,
    );
  try {
    return { file: name, text: await readFile(name, 'utf8') };
  } catch (error) {
    throw new AdminError(404, `cannot read ${name}: ${(error as Error).message}`);
  }
}
