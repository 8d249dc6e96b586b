import { Router } from 'express';
import type { ControlParts } from './control-parts';
import { readCallerReport } from './read-caller-report';
import { AdminError } from './admin-error';

/** `GET /report`: the caller report, how the chat server behaved judged from its own traffic. */
export function reportRoutes(parts: ControlParts): Router {
  const router = Router();
  router.get('/report', async (req, res) => {
    const report = await readCallerReport(parts);
    if (report === null)
      throw new AdminError(
        404,
        `${req.method} ${req.originalUrl}: the caller report is off (started with --no-report)`,
      );
    res.json(report);
  });
  return router;
}
