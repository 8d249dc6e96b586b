import express, { Router, type Request } from 'express';
import { formatProblem } from '../../scenario/problem';
import { AdminError } from './admin-error';
import type { AdminParts } from './admin-parts';

/**
 * `PUT /tokens/{token}`: add or replace a runtime token from a scenario entry (JSON or YAML),
 * checked with the same schema and messages as scenario files; `DELETE` removes it.
 */
export function tokenRoutes(parts: AdminParts): Router {
  const router = Router();
  const body = express.text({ type: () => true, limit: parts.maxEntryBytes });
  router.put('/tokens/:token', body, (req, res) => {
    const token = req.params.token as string;
    const text = typeof req.body === 'string' ? req.body : '';
    if (isJson(req)) checkJsonSyntax(text);
    const outcome = parts.runtime.putText(token, text, `PUT ${req.baseUrl}/tokens/${encodeURIComponent(token)}`);
    if (!outcome.ok) {
      throw new AdminError(outcome.overLimit ? 409 : 400, `the entry for token ${JSON.stringify(token)} was not applied: ${outcome.problems.map(formatProblem).join('; ')}`, outcome.problems);
    }
    res.status(outcome.replaced ? 200 : 201).json({ token, replaced: outcome.replaced, warnings: outcome.warnings });
  });
  router.delete('/tokens/:token', (req, res) => {
    const token = req.params.token as string;
    if (!parts.runtime.remove(token)) {
      const inFiles = parts.store.set.entries.get(token);
      const why = inFiles ? `it comes from ${inFiles.source.file}:${inFiles.source.line}, and only runtime tokens can be removed` : 'there is no runtime token by that name';
      throw new AdminError(404, `cannot remove token ${JSON.stringify(token)}: ${why}`);
    }
    res.json({ token, removed: true });
  });
  return router;
}

function isJson(req: Request): boolean {
  return /\bjson\b/i.test(req.headers['content-type'] ?? '');
}

/** JSON bodies get JSON's own verdict first: YAML would quietly accept some broken JSON. */
function checkJsonSyntax(text: string): void {
  try {
    JSON.parse(text);
  } catch (error) {
    throw new AdminError(400, `the body is not valid JSON: ${(error as Error).message}`);
  }
}
