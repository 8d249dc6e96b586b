import type { ControlParts } from './control-parts';
import type { Session } from '../endpoint/session';
import { readSessionReport } from './read-session-report';

/** The most sessions one `sessions` event lists, newest first: the page shows them, not 1,000. */
const STREAMED_SESSIONS = 100;

/** One live session as the dashboard's Sessions panel lists it. */
interface SessionRow {
  readonly id: string;
  readonly prefix: string;
  readonly tokens: readonly string[] | null;
  readonly ttlMs: number;
  /** Epoch milliseconds, on the scenario clock (the one its ttl runs on). */
  readonly createdAt: number;
  readonly lastUsedAt: number;
  readonly requests: number;
  /** Its report's verdict as of `requests`; null until the first reading is done. */
  readonly verdict: 'pass' | 'fail' | null;
}

/** A `sessions` event: how many are live, the newest STREAMED_SESSIONS of them, and the clock they are measured on. */
interface SessionsMessage {
  readonly count: number;
  readonly max: number;
  /** The scenario clock now, epoch ms: ages and ttls left are reckoned from it, not the browser's clock. */
  readonly now: number;
  readonly sessions: readonly SessionRow[];
}

/** A verdict and what it was read over: a session's report changes only with its requests or the scenario set. */
interface Judged {
  readonly requests: number;
  readonly set: unknown;
  readonly verdict: 'pass' | 'fail';
}

/**
 * A poll for the event stream: sends the sessions when their list, counts or use changed since
 * the last send, so an idle simulator sends nothing; `clockMoved` sends them whatever, since the
 * page reckons their ages from the message's scenario time. A verdict is read again only for a
 * session whose request count moved (or after a reload), one poll at a time.
 */
export function sessionsPoller(
  parts: ControlParts,
  send: (message: SessionsMessage) => void,
): (clockMoved?: boolean) => void {
  const judged = new Map<string, Judged>();
  let sent = '';
  let reading = false;
  // A move told while a poll was reading is sent by the next one.
  let moved = false;
  return (clockMoved = false) => {
    moved ||= clockMoved;
    if (reading) return;
    reading = true;
    const sendAnyway = moved;
    moved = false;
    void listSessions(parts, judged)
      .then((message) => {
        const rows = JSON.stringify([message.count, message.sessions]);
        if (rows === sent && !sendAnyway) return;
        sent = rows;
        send(message);
      })
      .finally(() => (reading = false));
  };
}

async function listSessions(parts: ControlParts, judged: Map<string, Judged>): Promise<SessionsMessage> {
  const { sessions } = parts;
  // Newest first; the registry lists in opening order, and a stable sort keeps it for sessions opened in one millisecond.
  const newest = sessions
    .list()
    .reverse()
    .sort((x, y) => y.createdAt - x.createdAt)
    .slice(0, STREAMED_SESSIONS);
  const listed = new Set(newest.map((s) => s.id));
  for (const id of judged.keys()) if (!listed.has(id)) judged.delete(id);
  const set = parts.store.ready ? parts.store.set : undefined;
  for (const session of newest) {
    const known = judged.get(session.id);
    const requests = session.report.requestCount;
    if (known?.requests === requests && known.set === set) continue;
    judged.set(session.id, { requests, set, verdict: await verdictOf(parts, session) });
  }
  return {
    count: sessions.size,
    max: sessions.maxSessions,
    now: parts.answering.clock.now(),
    sessions: newest.map((s) => ({
      id: s.id,
      prefix: s.prefix,
      tokens: s.tokens,
      ttlMs: s.ttlMs,
      createdAt: s.createdAt,
      lastUsedAt: s.lastUsedAt,
      requests: judged.get(s.id)?.requests ?? s.report.requestCount,
      verdict: judged.get(s.id)?.verdict ?? null,
    })),
  };
}

/** The session's verdict, read as GET /sessions/{id}/report reads it (without marking it used). */
async function verdictOf(parts: ControlParts, session: Session): Promise<'pass' | 'fail'> {
  return (await readSessionReport(parts, session)).verdict;
}
