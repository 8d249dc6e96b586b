import express, { Router, type Request } from 'express';
import { formatProblem } from '../../scenario/base/problem';
import type { AdminSettings, ControlParts } from './control-parts';
import { AdminError } from './admin-error';
import { decodeUtf8, NotUtf8Error } from '../../scenario/base/read-scenario-sources';
import { hiddenPlace, RUNTIME_SOURCE, tokenView } from './token-view';
import { nestsTooDeep, TOO_DEEP } from './refuse-deep-json';

/** Tokens listed at most per call; `q` narrows a large set down. */
const LIST_LIMIT = 500;

/**
 * `GET /tokens` (the tokens served by name, runtime ones first, and the populations; `q` filters
 * by substring; a runtime token names the file token it hides, and that one says it is hidden)
 * and `GET /tokens/{token}` (what that token gets now: see token-view.ts).
 * `PUT /tokens/{token}`: add or replace a runtime token from a scenario entry (JSON or YAML),
 * checked with the same schema and messages as scenario files; `DELETE` removes it.
 */
export function tokenRoutes(parts: ControlParts, settings: AdminSettings): Router {
  const router = Router();
  router.get('/tokens', (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q.toLowerCase() : '';
    const set = parts.store.set;
    const all = [
      ...parts.runtime.tokens().map((token) => {
        const hides = hiddenPlace(set, token);
        return { token, kind: 'admin', source: RUNTIME_SOURCE, ...(hides === null ? {} : { hides }) };
      }),
      ...[...set.entries].map(([token, entry]) => ({
        token,
        kind: 'token',
        source: `${entry.source.file}:${entry.source.line}`,
        ...(parts.runtime.get(token) === undefined ? {} : { hiddenBy: RUNTIME_SOURCE }),
      })),
    ];
    const found =
      q === '' ? all : all.filter((t) => t.token.toLowerCase().includes(q) || t.source.toLowerCase().includes(q));
    const populations = set.populations.map((p) => ({ description: p.description, size: p.size }));
    res.json({ total: found.length, tokens: found.slice(0, LIST_LIMIT), populations });
  });
  router.get('/tokens/:token', async (req, res) => void res.json(await tokenView(parts, req.params.token)));
  // Raw bytes, decoded strictly: a byte that is not UTF-8 is refused with its place, as in a file.
  const body = express.raw({ type: () => true, limit: settings.maxEntryBytes });
  router.put('/tokens/:token', body, (req, res) => {
    const token = req.params.token;
    const source = `PUT ${req.baseUrl}/tokens/${encodeURIComponent(token)}`;
    const text = Buffer.isBuffer(req.body) ? utf8Body(source, req.body) : '';
    checkJsonSyntax(req, text);
    const outcome = parts.runtime.putText(token, text, source);
    if (!outcome.ok) {
      throw new AdminError(
        outcome.overLimit ? 409 : 400,
        `the entry for token ${JSON.stringify(token)} was not applied: ${outcome.problems.map(formatProblem).join('; ')}`,
        outcome.problems,
      );
    }
    res.status(outcome.replaced ? 200 : 201).json({ token, replaced: outcome.replaced, warnings: outcome.warnings });
  });
  router.delete('/tokens/:token', (req, res) => {
    const token = req.params.token;
    if (!parts.runtime.remove(token)) {
      const inFiles = parts.store.set.entries.get(token);
      const why = inFiles
        ? `it comes from ${inFiles.source.file}:${inFiles.source.line}, and only runtime tokens can be removed`
        : 'there is no runtime token by that name';
      throw new AdminError(404, `cannot remove token ${JSON.stringify(token)}: ${why}`);
    }
    res.json({ token, removed: true });
  });
  return router;
}

/** JSON bodies (by content type) get JSON's own verdict first: YAML would quietly accept some broken JSON. */
export function checkJsonSyntax(req: Request, text: string): void {
  if (!/\bjson\b/i.test(req.headers['content-type'] ?? '')) return;
  if (nestsTooDeep(Buffer.from(text, 'utf8'))) throw new AdminError(400, TOO_DEEP);
  try {
    JSON.parse(text);
  } catch (error) {
    throw new AdminError(400, `the body is not valid JSON: ${(error as Error).message}`);
  }
}

export function utf8Body(source: string, bytes: Buffer): string {
  try {
    return decodeUtf8(source, bytes);
  } catch (error) {
    if (error instanceof NotUtf8Error) throw new AdminError(400, error.message);
    throw error;
  }
}
