import express, { Router } from 'express';
import { AdminError } from './admin-error';
import type { ControlParts } from './control-parts';
import { clockStatus, readClockAdvance } from './clock-change';

/** The largest clock change body read: `{"advance": "2h"}` needs a few dozen bytes. */
const CLOCK_BODY_LIMIT = 1024;

/**
 * `GET /clock`: how far scenario time is ahead of real time. `POST /clock {"advance": "2h"}`
 * moves it forward (in a group: every instance); `DELETE /clock` goes back to real time.
 */
export function clockRoutes(parts: ControlParts): Router {
  const router = Router();
  const clock = parts.answering.clock;
  router.get('/clock', (_req, res) => void res.json(clockStatus(clock)));
  router.post('/clock', express.text({ type: () => true, limit: CLOCK_BODY_LIMIT }), async (req, res) => {
    const change = readClockAdvance(parseBody(req.body));
    if (!change.ok) throw new AdminError(400, `the clock was not moved: ${change.message}`);
    await clock.advance(change.byMs);
    res.json(clockStatus(clock));
  });
  router.delete('/clock', async (_req, res) => {
    await clock.reset();
    res.json(clockStatus(clock));
  });
  return router;
}

/** The body as JSON, or a marker readClockAdvance refuses with the parser's reason. */
function parseBody(text: unknown): unknown {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new AdminError(
      400,
      `the clock was not moved: the body is not JSON (${(error as Error).message}); send e.g. {"advance": "2h"}`,
    );
  }
}
