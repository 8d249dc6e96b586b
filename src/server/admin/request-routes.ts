import { Router, type Request } from 'express';
import type { Journal } from '../endpoint/journal';
import { AdminError } from './admin-error';
import type { ControlParts } from './control-parts';
import { parseJournalQuery } from './parse-journal-query';
import { sendJournal } from './send-journal';

/** `GET /requests` (the journal, newest first, filtered) and `DELETE /requests` (clear it). */
export function requestRoutes(parts: ControlParts): Router {
  const router = Router();
  router.get('/requests', async (req, res) => {
    const journal = journalOf(parts, req);
    await parts.settle();
    const records = journal.select(parseJournalQuery(req.query));
    await sendJournal(res, { capacity: journal.capacity, size: journal.size }, records);
  });
  router.delete('/requests', (req, res) => {
    const journal = journalOf(parts, req);
    const cleared = journal.size;
    journal.clear();
    res.json({ cleared });
  });
  return router;
}

/** The journal, or a 404 saying it is off. */
function journalOf(parts: ControlParts, req: Request): Journal {
  if (!parts.journal)
    throw new AdminError(
      404,
      `${req.method} ${req.originalUrl}: the request journal is off (started with --journal-size 0 or --no-journal)`,
    );
  return parts.journal;
}
