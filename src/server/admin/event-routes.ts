import { Router, type Response } from 'express';
import type { AdminSettings, ControlParts } from './control-parts';
import type { Journal } from '../endpoint/journal';
import { scenarioHealth } from './scenario-health';

/** How often an open stream looks at the journal; the dashboard promises a request within 500 ms. */
const POLL_MS = 200;
/** Requests sent per look at most: under load the page shows the newest, and says how many it skipped. */
const MAX_PER_POLL = 200;
/** A comment line now and then, so proxies and browsers keep an idle stream open. */
const HEARTBEAT_MS = 15_000;

/**
 * `GET /events`: server-sent events for the dashboard and scripts. `hello` once, `scenarios` at
 * the start and after every reload (good or failed), `requests` with the journal's new entries,
 * oldest first, and a `skipped` count when more came than one message carries; `scenarios` again
 * when a runtime token is put or deleted (the tokens and health views list them). With the journal
 * off, the stream still carries `hello` (journalCapacity 0) and `scenarios`: the page's tokens and
 * health views need no journal, and its traffic view can say why it stays empty.
 * The stream reads the journal on a timer instead of hooking the request path: with no stream
 * open the protocol path does nothing for it, and with one open it does nothing more.
 */
export function eventRoutes(parts: ControlParts, settings: AdminSettings): Router {
  const router = Router();
  router.get('/events', (_req, res) => {
    const { journal } = parts;
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
    });
    const sendHealth = () => send(res, 'scenarios', scenarioHealth(parts));
    sendHealth();
    const pollJournal = journal ? journalPoller(journal, res) : undefined;
    let runtimeVersion = parts.runtime.version;
    const poll = () => {
      pollJournal?.();
      if (parts.runtime.version === runtimeVersion) return;
      runtimeVersion = parts.runtime.version;
      sendHealth();
    };
    poll();
    const timer = setInterval(poll, POLL_MS).unref();
    const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS).unref();
    parts.store.on('reloaded', sendHealth);
    parts.store.on('reload-failed', sendHealth);
    parts.streams.add(res);
    res.on('close', () => {
      parts.streams.delete(res);
      clearInterval(timer);
      clearInterval(heartbeat);
      parts.store.off('reloaded', sendHealth);
      parts.store.off('reload-failed', sendHealth);
    });
  });
  return router;
}

/** A poll that sends the journal's new entries, the first one starting from the newest MAX_PER_POLL already there. */
function journalPoller(journal: Journal, res: Response): () => void {
  let last = Math.max(0, ...journal.select({ limit: 1 }).map((e) => e.seq)) - Math.min(journal.size, MAX_PER_POLL);
  const poll = () => {
    const newest = journal.select({ limit: 1 })[0];
    if (newest === undefined || newest.seq <= last) return;
    const fresh = journal.list({ limit: Math.min(newest.seq - last, MAX_PER_POLL) }).filter((e) => e.seq > last);
    const skipped = newest.seq - last - fresh.length;
    last = newest.seq;
    send(res, 'requests', { skipped, requests: fresh.reverse() });
  };
  return poll;
}

function send(res: Response, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
