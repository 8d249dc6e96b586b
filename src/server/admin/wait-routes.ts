import { performance } from 'node:perf_hooks';
import { Router, type Response } from 'express';
import { MAX_TIMER_MS, parseDuration } from '../../scenario/base/duration';
import { didYouMean } from '../../scenario/base/suggest';
import { tokenReport, type TokenReport } from '../../caller-report/build-report';
import type { ControlParts } from './control-parts';
import { AdminError } from './admin-error';
import { findSession } from './session-routes';
import type { Session } from '../endpoint/session';
import type { WaitSignal } from './waiters';

const KEYS = ['token', 'calls', 'quiet', 'timeout', 'session'] as const;
/** How long a wait holds unless told otherwise. */
const DEFAULT_TIMEOUT_MS = 5000;

/**
 * `GET /wait?token=T&calls=N&timeout=5s[&session=ID]`: answers 200 `{"reached": true, "token":
 * {...}}` as soon as T has had N requests (in the session, or in the run), or 408 `{"reached":
 * false, ...}` at the time-out. `GET /wait?quiet=300ms&timeout=5s[&session=ID]`: answers once
 * no protocol request (of the session) has arrived for that long. A test waits on this instead of
 * sleeping; the wait is told of each exchange as it is recorded, so it answers at once.
 */
export function waitRoutes(parts: ControlParts): Router {
  const router = Router();
  router.get('/wait', async (req, res) => {
    const query = parseWaitQuery(req.query);
    const session = query.session === undefined ? undefined : await findSession(parts, query.session, req.baseUrl);
    const started = performance.now();
    const signal = closeSignal(res);
    if (query.quiet !== undefined) return waitQuiet(parts, res, query.quiet, query.timeoutMs, session, signal, started);
    if (parts.callers === undefined)
      throw new AdminError(
        404,
        `${req.method} ${req.originalUrl}: waiting for calls reads the caller report, which is off (started with --no-report)`,
      );
    const token = query.token!;
    const calls = query.calls;
    const seen = session === undefined ? () => parts.callers!.store.calls(token) : () => session.report.calls(token);
    const held = parts.waiters.untilCalls(session?.id ?? null, token, () => seen() >= calls, query.timeoutMs, signal);
    if (held === null) throw tooMany(parts);
    const reached = await held;
    if (res.destroyed) return;
    const entry = tokenEntry(parts, session, token);
    const waitedMs = Math.round(performance.now() - started);
    if (reached) res.json({ reached: true, token: entry, waitedMs, answeredAt: answeredAt() });
    else
      res.status(408).json({
        reached: false,
        error: `token ${JSON.stringify(token)} had ${seen()} of the ${calls} request(s) waited for ${session ? `in session ${session.id} ` : ''}when the ${query.timeoutMs} ms time-out ended`,
        calls: seen(),
        token: entry,
        waitedMs,
        answeredAt: answeredAt(),
      });
  });
  return router;
}

async function waitQuiet(
  parts: ControlParts,
  res: Response,
  quietMs: number,
  timeoutMs: number,
  session: Session | undefined,
  signal: WaitSignal,
  started: number,
): Promise<void> {
  if (parts.journal === undefined && parts.callers === undefined)
    throw new AdminError(404, `waiting for quiet needs the journal or the caller report, and both are off`);
  const traffic = parts.answering.traffic;
  const last = session === undefined ? () => traffic.lastArrivalAt : () => session.lastArrivalAt;
  const held = parts.waiters.untilQuiet(last, quietMs, timeoutMs, signal);
  if (held === null) throw tooMany(parts);
  const reached = await held;
  if (res.destroyed) return;
  const waitedMs = Math.round(performance.now() - started);
  if (reached) res.json({ reached: true, quietMs, waitedMs, answeredAt: answeredAt() });
  else
    res.status(408).json({
      reached: false,
      error: `requests kept arriving${session ? ` in session ${session.id}` : ''}: no ${quietMs} ms without one before the ${timeoutMs} ms time-out ended`,
      quietMs,
      waitedMs,
      answeredAt: answeredAt(),
    });
}

/** The token's report entry, in the session or the run (its aggregate alone, so the answer waits on no whole report); null when never asked for. */
function tokenEntry(parts: ControlParts, session: Session | undefined, token: string): TokenReport | null {
  const aggregate = session === undefined ? parts.callers?.store.token(token) : session.report.token(token);
  return aggregate === undefined ? null : tokenReport(aggregate);
}

interface WaitQuery {
  readonly token?: string;
  readonly calls: number;
  readonly quiet?: number;
  readonly timeoutMs: number;
  readonly session?: string;
}

/** The wait's query checked: a token (with calls) or quiet, a time-out, a session; a 400 naming what is wrong. */
function parseWaitQuery(query: Record<string, unknown>): WaitQuery {
  for (const key of Object.keys(query))
    if (!(KEYS as readonly string[]).includes(key))
      throw new AdminError(400, `unknown wait parameter "${key}"${didYouMean(key, KEYS)}; they are ${KEYS.join(', ')}`);
  const one = (key: (typeof KEYS)[number]): string | undefined => {
    const value = query[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value === '')
      throw new AdminError(400, `wait parameter "${key}" must be given once, with a value`);
    return value;
  };
  const token = one('token');
  const quietText = one('quiet');
  if ((token === undefined) === (quietText === undefined))
    throw new AdminError(
      400,
      'wait for either token=T (with calls=N) or quiet=<duration> (e.g. quiet=300ms), not both or neither',
    );
  const callsText = one('calls');
  if (callsText !== undefined && token === undefined)
    throw new AdminError(400, 'calls counts the requests of a token: give token=T too');
  const calls = callsText === undefined ? 1 : Number(callsText);
  if (!/^\d+$/.test(callsText ?? '1') || calls < 1 || calls > 1_000_000)
    throw new AdminError(400, `calls must be a whole number from 1 to 1000000; got "${callsText}"`);
  const timeoutText = one('timeout');
  const timeoutMs = timeoutText === undefined ? DEFAULT_TIMEOUT_MS : durationOf('timeout', timeoutText);
  const quiet = quietText === undefined ? undefined : durationOf('quiet', quietText);
  return { token, calls, quiet, timeoutMs, session: one('session') };
}

function durationOf(key: string, text: string): number {
  const ms = parseDuration(text);
  if (ms === undefined || ms < 1 || ms > MAX_TIMER_MS)
    throw new AdminError(400, `${key} must be a duration such as "300ms", "5s" or "1m"; got "${text}"`);
  return ms;
}

/** When the answer is written, epoch milliseconds with a fraction: set against a journal entry's `time`, the server's own reaction time. */
function answeredAt(): number {
  return Math.round((performance.timeOrigin + performance.now()) * 10) / 10;
}

/** The caller's connection closing ends its wait. */
function closeSignal(res: Response): WaitSignal {
  return { onAbort: (listener) => res.once('close', listener) };
}

function tooMany(parts: ControlParts): AdminError {
  return new AdminError(
    429,
    `there are already ${parts.waiters.max} waits held, the most allowed; let some end (each ends at its time-out or when its caller hangs up) before waiting again`,
  );
}
