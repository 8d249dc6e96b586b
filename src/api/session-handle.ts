import type { TokenReport } from '../caller-report/build-report';
import { verifyReport } from '../caller-report/verify-report';
import type { SessionReport } from '../server/admin/read-session-report';
import type { JournalEntry, JournalFilter } from '../server/endpoint/journal';
import { AdminClient, errorOf } from './admin-client';
import { parseDuration } from '../scenario/base/duration';
import type { Duration, ScenarioEntry } from './scenario-types';
import type { SessionBody } from './admin-body-types';

export type { SessionReport } from '../server/admin/read-session-report';

/** What a session is opened with: the session body, both fields optional. */
export type SessionOptions = SessionBody;

/** What to wait for: `token` (in a session, without the prefix) to have had `calls` requests (default 1). */
export interface WaitTarget {
  readonly token: string;
  readonly calls?: number;
}

/** How long a wait may take (default 5 s); past it, the wait rejects saying what was seen. */
export interface WaitOptions {
  readonly timeout?: Duration;
}

/** Waiting instead of sleeping: on a session (its requests only) or the whole run. */
export interface Waits {
  /** Resolves with the token's report entry once it has had `calls` requests; rejects at the time-out with what was seen. */
  waitFor(target: WaitTarget, options?: WaitOptions): Promise<TokenReport>;
  /** Resolves once no protocol request has arrived for `quiet` ("300ms"); rejects at the time-out. */
  waitForQuiet(quiet: Duration, options?: WaitOptions): Promise<void>;
}

/** One test's corner of a shared simulator: `token('flaky')` is what the chat server under test is given. */
export interface SimulatorSession extends Waits {
  readonly id: string;
  /** Lowercase letters, digits and `-`; `prefix + T` answers as T with this session's own state. */
  readonly prefix: string;
  /** The prefixed token: `token('flaky')` is `${prefix}flaky`. */
  token(name: string): string;
  /** The caller report over this session's requests, judged. */
  report(): Promise<SessionReport>;
  /** Resolves with the report when its verdict passes; rejects with an Error listing every failure. */
  verify(): Promise<SessionReport>;
  /** This session's journal, newest first, filtered. */
  requests(filter?: JournalFilter): Promise<JournalEntry[]>;
  /** A runtime token only this session sees; rejects with every problem if the entry is invalid. */
  setToken(token: string, entry: ScenarioEntry): Promise<void>;
  /** Removes one of this session's runtime tokens; false if there was none. */
  removeToken(token: string): Promise<boolean>;
  /** Ends the session, resolving with its final report (not judged into a rejection: verify() first if it should pass). */
  end(): Promise<SessionReport>;
}

/** Opens a session through the admin API. */
export async function openSession(client: AdminClient, options: SessionOptions = {}): Promise<SimulatorSession> {
  const body = {
    ...(options.tokens ? { tokens: options.tokens } : {}),
    ...(options.ttl !== undefined ? { ttl: options.ttl } : {}),
  };
  const opened = (await client.expect('POST', '/sessions', [201], body)).body as { id: string; prefix: string };
  const { id, prefix } = opened;
  const base = `/sessions/${id}`;
  const report = async () => (await client.expect('GET', `${base}/report`, [200])).body as SessionReport;
  return {
    id,
    prefix,
    token: (name) => `${prefix}${name}`,
    report,
    verify: async () => verifyReport(await report()),
    requests: async (filter) =>
      (
        (await client.expect('GET', `${base}/requests${journalQuery(filter)}`, [200])).body as {
          requests: JournalEntry[];
        }
      ).requests,
    ...waits(client, id),
    async setToken(token, entry) {
      await client.expect('PUT', `${base}/tokens/${encodeURIComponent(token)}`, [200, 201], entry);
    },
    removeToken: async (token) =>
      (await client.expect('DELETE', `${base}/tokens/${encodeURIComponent(token)}`, [200, 404])).status === 200,
    end: async () => (await client.expect('DELETE', base, [200])).body as SessionReport,
  };
}

/** waitFor and waitForQuiet through `GET /wait`, on a session or (no id) the run. */
export function waits(client: AdminClient, session?: string): Waits {
  const scope = session === undefined ? '' : `&session=${encodeURIComponent(session)}`;
  return {
    async waitFor(target, options = {}) {
      const timeout = durationText(options.timeout ?? '5s');
      const query = `token=${encodeURIComponent(target.token)}&calls=${target.calls ?? 1}&timeout=${timeout}${scope}`;
      const answer = await client.call('GET', `/wait?${query}`, undefined, waitMs(options.timeout));
      if (answer.status === 200) return (answer.body as { token: TokenReport }).token;
      throw new Error(`auth-sim: waitFor ${target.token}: ${errorOf(answer)}`);
    },
    async waitForQuiet(quiet, options = {}) {
      const query = `quiet=${durationText(quiet)}&timeout=${durationText(options.timeout ?? '5s')}${scope}`;
      const answer = await client.call('GET', `/wait?${query}`, undefined, waitMs(options.timeout));
      if (answer.status !== 200) throw new Error(`auth-sim: waitForQuiet: ${errorOf(answer)}`);
    },
  };
}

/** A duration as the query takes it: bare milliseconds stay a number. */
function durationText(value: Duration): string {
  return encodeURIComponent(String(value));
}

/** How long the server may hold a wait, added to the client's own time-out for the call. */
function waitMs(timeout: Duration | undefined): number {
  return parseDuration(timeout ?? '5s') ?? 0;
}

/** A journal filter as `?token=&method=&status=&since=&limit=`. */
function journalQuery(filter: JournalFilter = {}): string {
  const params = new URLSearchParams();
  for (const key of ['token', 'method', 'status', 'limit'] as const)
    if (filter[key] !== undefined) params.set(key, String(filter[key]));
  if (filter.since !== undefined) params.set('since', filter.since.toISOString());
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
