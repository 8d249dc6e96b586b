import { Router, type Response } from 'express';
import type { AdminSettings, ControlParts } from './control-parts';
import { EventHub, MAX_STREAMS } from './event-hub';
import { AdminError } from './admin-error';

/**
 * `GET /events`: server-sent events for the dashboard and scripts. `hello` once, with this
 * simulator's `run` (new at each start: request numbers start from 1 again); `scenarios` at the
 * start and after every reload (good or failed); `requests` with the journal's new entries, oldest
 * first, and a `skipped` count when more came than one message carries, each with the SSE id
 * `run:seq` (the newest request sent): a reader that reconnects with it as Last-Event-ID gets only
 * what came after, so no request reaches it twice. `scenarios` again when a runtime token is put
 * or deleted (the tokens and health views list them). With the journal off, the stream still
 * carries `hello` (journalCapacity 0), `scenarios` and `report` (the caller report, at the start
 * and at most once a second while it changes): the page's tokens and health views need no
 * journal, and its traffic view can say why it stays empty.
 * Every stream is fed by one EventHub: each update is built once for all, a stream that does not
 * keep up skips updates and is told how many, and at most MAX_STREAMS are open at once (a 503 past them).
 */
export function eventRoutes(parts: ControlParts, settings: AdminSettings): Router {
  const router = Router();
  const hub = new EventHub(parts);
  router.get('/events', (req, res) => {
    const { journal } = parts;
    if (hub.size >= MAX_STREAMS)
      throw new AdminError(
        503,
        `${MAX_STREAMS} event streams are open already, the most at once; close a dashboard tab or a script reading GET ${settings.prefix}/events`,
      );
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    send(res, 'hello', {
      adminTokenRequired: settings.token !== undefined,
      readsNeedToken: settings.token !== undefined && settings.guardReads,
      journalCapacity: journal?.capacity ?? 0,
      run: hub.run,
    });
    hub.join(res, req.get('last-event-id'));
  });
  return router;
}

function send(res: Response, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
