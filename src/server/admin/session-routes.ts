import express, { Router, type Request } from 'express';
import { formatProblem } from '../../scenario/base/problem';
import type { AdminSettings, ControlParts } from './control-parts';
import { AdminError } from './admin-error';
import { parseSessionBody } from './parse-session-body';
import { readSessionReport } from './read-session-report';
import { parseJournalQuery } from './parse-journal-query';
import { sendJournal } from './send-journal';
import { formatJunit } from '../../caller-report/format-junit';
import { formatMarkdown } from '../../caller-report/format-markdown';
import { CALLER_REPORT_FORMATS } from '../../caller-report/report-formats';
import type { Session } from '../endpoint/session';
import { describeMs } from '../../caller-report/describe-bounds';
import { checkJsonSyntax, utf8Body } from './token-routes';
import { refuseDeepJson } from './refuse-deep-json';
import { jsonBody } from './json-body';

/**
 * Sessions: one test's corner of a shared simulator. `POST /sessions` opens one (`{"tokens":
 * [...], "ttl": "10m"}`, both optional), `GET /sessions` lists them, `GET /sessions/{id}` shows
 * one, `GET /sessions/{id}/report` and `/requests` read its own report and journal,
 * `PUT|DELETE /sessions/{id}/tokens/{T}` add and remove runtime tokens only it sees, and
 * `DELETE /sessions/{id}` ends it, answering its final report.
 */
export function sessionRoutes(parts: ControlParts, settings: AdminSettings): Router {
  const router = Router();
  const sessions = parts.sessions;
  router.get('/sessions', async (_req, res) => {
    const live = await sessions.listGroup();
    res.json({ count: live.length, max: sessions.maxSessions, sessions: live.map((s) => s.describe()) });
  });
  const text = express.text({ type: () => true, limit: settings.maxEntryBytes, verify: refuseDeepJson });
  router.post('/sessions', text, (req, res) => {
    const body = jsonBody(req.body, 'the session was not opened', '{"tokens": ["alice"], "ttl": "10m"}');
    const { tokens, ttlMs } = parseSessionBody(`POST ${req.baseUrl}/sessions`, body);
    const session = sessions.open(tokens, ttlMs);
    if (session === null)
      throw new AdminError(
        429,
        `there are already ${sessions.maxSessions} sessions, the most --max-sessions allows; end some (DELETE ${req.baseUrl}/sessions/{id}), let them idle out (a session ends after its ttl unused, ${describeMs(sessions.defaultTtlMs)} unless it asked otherwise), or start with a higher --max-sessions`,
      );
    res.status(201).json({ id: session.id, prefix: session.prefix, tokens: session.tokens, ttlMs: session.ttlMs });
  });
  router.get('/sessions/:id', async (req, res) => void res.json((await sessionOf(parts, req)).describe()));
  router.get('/sessions/:id/report', async (req, res) => {
    const format = reportFormat(req);
    const report = await readSessionReport(parts, await sessionOf(parts, req));
    if (format === 'junit') res.type('application/xml; charset=utf-8').send(formatJunit(report));
    else if (format === 'markdown') res.type('text/markdown; charset=utf-8').send(formatMarkdown(report));
    else res.json(report);
  });
  router.get('/sessions/:id/requests', async (req, res) => {
    const session = await sessionOf(parts, req);
    const journal = parts.journal;
    if (!journal)
      throw new AdminError(
        404,
        `${req.method} ${req.originalUrl}: the request journal is off (started with --journal-size 0 or --no-journal)`,
      );
    await parts.settle();
    const records = journal.select({ ...parseJournalQuery(req.query), session: session.id });
    await sendJournal(res, { capacity: journal.capacity, size: journal.size }, records);
  });
  const raw = express.raw({ type: () => true, limit: settings.maxEntryBytes });
  router.put('/sessions/:id/tokens/:token', raw, async (req, res) => {
    const session = await sessionOf(parts, req);
    const token = String(req.params.token);
    const source = `PUT ${req.baseUrl}/sessions/${session.id}/tokens/${encodeURIComponent(token)}`;
    const text = Buffer.isBuffer(req.body) ? utf8Body(source, req.body) : '';
    checkJsonSyntax(req, text);
    const outcome = session.runtime.putText(token, text, source);
    if (!outcome.ok)
      throw new AdminError(
        outcome.overLimit ? 409 : 400,
        `the entry for token ${JSON.stringify(token)} of session ${session.id} was not applied: ${outcome.problems.map(formatProblem).join('; ')}`,
        outcome.problems,
      );
    res.status(outcome.replaced ? 200 : 201).json({ token, replaced: outcome.replaced, warnings: outcome.warnings });
  });
  router.delete('/sessions/:id/tokens/:token', async (req, res) => {
    const session = await sessionOf(parts, req);
    const token = String(req.params.token);
    if (session.runtimeIfAny?.remove(token) !== true)
      throw new AdminError(
        404,
        `cannot remove token ${JSON.stringify(token)} of session ${session.id}: the session has no runtime token by that name`,
      );
    res.json({ token, removed: true });
  });
  router.delete('/sessions/:id', async (req, res) => {
    const session = await sessionOf(parts, req);
    const report = await readSessionReport(parts, session);
    sessions.end(session.id);
    res.json(report);
  });
  return router;
}

/** The session the path names, marked used; a 404 that says so when there is none. */
async function sessionOf(parts: ControlParts, req: Request): Promise<Session> {
  return findSession(parts, String(req.params.id), req.baseUrl);
}

/** The session `id`, marked used; a 404 that says so when there is none (`base`: where the admin API is). */
export async function findSession(parts: ControlParts, id: string, base: string): Promise<Session> {
  const session = await parts.sessions.lookup(id);
  if (session === undefined)
    throw new AdminError(
      404,
      `there is no session ${JSON.stringify(id)}: it was never opened, was ended (DELETE), or went unused past its ttl; GET ${base}/sessions lists the live ones`,
    );
  parts.sessions.touch(session);
  return session;
}

function reportFormat(req: Request): string {
  const format = req.query.format ?? 'json';
  if (typeof format !== 'string' || !(CALLER_REPORT_FORMATS as readonly string[]).includes(format))
    throw new AdminError(
      400,
      `format must be one of ${CALLER_REPORT_FORMATS.join(', ')}; got ${JSON.stringify(format)}`,
    );
  return format;
}
