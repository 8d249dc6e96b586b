import express, { Router } from 'express';
import { formatProblem } from '../../scenario/base/problem';
import { AdminError } from './admin-error';
import type { ControlParts } from './control-parts';
import { clockStatus, readClockAdvance } from './clock-change';
import { jsonBody } from './json-body';

/** The largest clock change body read: `{"advance": "2h"}` needs a few dozen bytes. */
const CLOCK_BODY_LIMIT = 1024;
const REFUSED = 'the clock was not moved';

/**
 * `GET /clock`: how far scenario time is ahead of real time. `POST /clock {"advance": "2h"}`
 * moves it forward (in a group: every instance); `DELETE /clock` goes back to real time.
 */
export function clockRoutes(parts: ControlParts): Router {
  const router = Router();
  const clock = parts.answering.clock;
  router.get('/clock', (_req, res) => void res.json(clockStatus(clock)));
  router.post('/clock', express.text({ type: () => true, limit: CLOCK_BODY_LIMIT }), async (req, res) => {
    const body = jsonBody(req.body, REFUSED, '{"advance": "2h"}');
    const change = readClockAdvance(`POST ${req.baseUrl}/clock`, body);
    if (!change.ok)
      throw new AdminError(400, `${REFUSED}: ${change.problems.map(formatProblem).join('; ')}`, change.problems);
    await clock.advance(change.byMs);
    res.json(clockStatus(clock));
  });
  router.delete('/clock', async (_req, res) => {
    await clock.reset();
    res.json(clockStatus(clock));
  });
  return router;
}
