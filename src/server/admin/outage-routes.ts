import express, { Router } from 'express';
import { formatProblem } from '../../scenario/base/problem';
import { AdminError } from './admin-error';
import type { AdminSettings, ControlParts } from './control-parts';
import { startOutage } from './start-outage';
import { refuseDeepJson } from './refuse-deep-json';

/**
 * `POST /outage` (`{"status": 503}` or `{"fault": "reset"}`, any scenario entry, and an optional
 * `"for": "30s"`): every token gets that until it ends or `DELETE /outage` lifts it.
 * `GET /outage` says whether one is on, since and until when.
 */
export function outageRoutes(parts: ControlParts, settings: AdminSettings): Router {
  const router = Router();
  const outage = parts.answering.outage;
  router.get('/outage', (_req, res) => void res.json(outage.status()));
  router.post(
    '/outage',
    express.json({ type: () => true, limit: settings.maxEntryBytes, verify: refuseDeepJson }),
    (req, res) => {
      const outcome = startOutage(parts, req.body, `POST ${req.baseUrl}/outage`);
      if (!outcome.ok)
        throw new AdminError(
          400,
          `the outage was not started: ${outcome.problems.map(formatProblem).join('; ')}`,
          outcome.problems,
        );
      res.json(outcome.outage);
    },
  );
  router.delete('/outage', (_req, res) => void res.json({ lifted: outage.end() }));
  return router;
}
