import type { ServerResponse } from 'node:http';
import type { ControlParts } from './control-parts';
import { scenarioHealth } from './scenario-health';
import { reportPoller } from './report-events';
import { sessionsPoller } from './session-events';
import { newRunId, requestsEventId, resumeAfter } from './event-id';
import { journalBacklog } from './journal-backlog';

/** How often the hub looks at the journal; the dashboard promises a request within 500 ms. */
const POLL_MS = 200;
/** How often the hub looks for a changed caller report: building one costs more than a journal read. */
const REPORT_POLL_MS = 1000;
/** How often the hub looks for opened, ended and used sessions. */
const SESSIONS_POLL_MS = 500;
/** Requests sent per look at most: under load the page shows the newest, and says how many it skipped. */
const MAX_PER_POLL = 200;
/** A comment line now and then, so proxies and browsers keep an idle stream open. */
const HEARTBEAT_MS = 15_000;
/** Bytes a stream may have waiting unsent; past them it skips updates (and is told how many) instead of growing. */
export const MAX_STREAM_BACKLOG = 256 * 1024;
/** Streams open at once at most: each one held costs up to MAX_STREAM_BACKLOG. */
export const MAX_STREAMS = 128;

interface Listener {
  readonly res: ServerResponse;
  /** Requests this stream missed while it was not keeping up, told with its next `requests` message. */
  missed: number;
  /** A `scenarios` message was skipped: the next one that fits is sent. */
  healthMissed: boolean;
}

/**
 * One source for every open `GET /events` stream: each look at the journal, each scenario status,
 * is built into bytes once and written to all of them. A stream whose connection does not keep up
 * (more than MAX_STREAM_BACKLOG waiting) is skipped, and its next `requests` message counts what it
 * missed, so a client that stops reading costs a bounded amount of memory and nobody else anything.
 * The hub reads the journal on a timer instead of hooking the request path, and only while a
 * stream is open: the protocol path does nothing for it.
 */
export class EventHub {
  /** This simulator's own run: a restarted simulator has another. */
  private readonly ownRun = newRunId();
  private readonly listeners = new Set<Listener>();
  private timers: NodeJS.Timeout[] = [];
  /** Stops telling the hub of scenario time's moves; set while a stream is open. */
  private stopClockWatch: (() => void) | undefined;
  private last = 0;
  private runtimeVersion = 0;
  private health: Buffer | undefined;
  /** The latest `report` message, for a stream that joins between two. */
  private report: Buffer | undefined;
  /** The latest `sessions` message, for a stream that joins between two. */
  private sessions: Buffer | undefined;
  private readonly refreshHealth = () => {
    this.health = undefined;
    this.broadcastHealth();
  };

  constructor(private readonly parts: ControlParts) {}

  /**
   * The run in `hello` and in each `requests` message's id: this simulator's own, or in a group
   * (`--redis`) the group's, alike on every instance, whose request numbers are alike too.
   */
  get run(): string {
    return this.parts.group?.run ?? this.ownRun;
  }

  /** How many streams are open. */
  get size(): number {
    return this.listeners.size;
  }

  /**
   * Adds a stream whose head is written: sends it the scenario status and the journal's newest
   * entries (or, resuming this run's `lastEventId`, the ones after it), then every update.
   */
  join(res: ServerResponse, lastEventId?: string): void {
    if (this.listeners.size === 0) this.start();
    const listener: Listener = { res, missed: 0, healthMissed: false };
    this.listeners.add(listener);
    this.parts.streams.add(res);
    res.write(this.healthBytes());
    if (this.report) res.write(this.report);
    if (this.sessions) res.write(this.sessions);
    const journal = this.parts.journal;
    if (journal) {
      const after = resumeAfter(this.run, lastEventId);
      const { entries, skipped } = journalBacklog(journal, this.last, MAX_PER_POLL, after);
      if (entries.length > 0 || skipped > 0) res.write(this.requestsMessage(skipped, JSON.stringify(entries)));
    }
    res.on('close', () => {
      this.listeners.delete(listener);
      this.parts.streams.delete(res);
      if (this.listeners.size === 0) this.stop();
    });
  }

  private start(): void {
    this.last = this.parts.journal?.select({ limit: 1 })[0]?.seq ?? 0;
    this.runtimeVersion = this.parts.runtime.version;
    const pollReport = reportPoller(this.parts, (report) => {
      this.report = message('report', JSON.stringify(report));
      this.writeAll(this.report);
    });
    pollReport();
    const pollSessions = sessionsPoller(this.parts, (sessions) => {
      this.sessions = message('sessions', JSON.stringify(sessions));
      this.writeAll(this.sessions);
    });
    pollSessions();
    this.stopClockWatch = this.parts.answering.clock.onMove(() => pollSessions(true));
    this.timers = [
      setInterval(pollSessions, SESSIONS_POLL_MS).unref(),
      setInterval(() => this.poll(), POLL_MS).unref(),
      setInterval(pollReport, REPORT_POLL_MS).unref(),
      setInterval(() => this.writeAll(Buffer.from(': still here\n\n')), HEARTBEAT_MS).unref(),
    ];
    this.parts.store.on('reloaded', this.refreshHealth);
    this.parts.store.on('reload-failed', this.refreshHealth);
  }

  private stop(): void {
    this.timers.forEach(clearInterval);
    this.timers = [];
    this.stopClockWatch?.();
    this.stopClockWatch = undefined;
    this.health = undefined;
    this.report = undefined;
    this.sessions = undefined;
    this.parts.store.off('reloaded', this.refreshHealth);
    this.parts.store.off('reload-failed', this.refreshHealth);
  }

  private poll(): void {
    this.pollJournal();
    if (this.parts.runtime.version !== this.runtimeVersion) {
      this.runtimeVersion = this.parts.runtime.version;
      this.refreshHealth();
    } else if ([...this.listeners].some((l) => l.healthMissed)) this.broadcastHealth();
  }

  /**
   * The journal's entries since the last look, described and encoded once for every stream; a
   * stream that was skipped hears how many it missed as soon as it keeps up again, news or not.
   */
  private pollJournal(): void {
    const journal = this.parts.journal;
    if (!journal) return;
    const newest = journal.select({ limit: 1 })[0]?.seq ?? this.last;
    const offered = newest - this.last;
    let skipped = 0;
    let requests = '[]';
    let shared: Buffer | undefined;
    if (offered > 0) {
      const fresh = journal.list({ limit: Math.min(offered, MAX_PER_POLL) }).filter((e) => e.seq > this.last);
      skipped = offered - fresh.length;
      this.last = newest;
      requests = JSON.stringify(fresh.reverse());
      shared = this.requestsMessage(skipped, requests);
    }
    for (const listener of this.listeners) {
      if (!shared && listener.missed === 0) continue;
      if (!fits(listener.res)) {
        listener.missed += offered;
        continue;
      }
      const caughtUp = listener.missed === 0 && shared;
      listener.res.write(caughtUp || this.requestsMessage(skipped + listener.missed, requests));
      listener.missed = 0;
    }
  }

  /** A `requests` message whose id names the newest request sent so far: a reader resumes after it. */
  private requestsMessage(skipped: number, requests: string): Buffer {
    return message('requests', `{"skipped":${skipped},"requests":${requests}}`, requestsEventId(this.run, this.last));
  }

  private healthBytes(): Buffer {
    this.health ??= message('scenarios', JSON.stringify(scenarioHealth(this.parts)));
    return this.health;
  }

  private broadcastHealth(): void {
    if (this.listeners.size === 0) return;
    const bytes = this.healthBytes();
    for (const listener of this.listeners) {
      listener.healthMissed = !fits(listener.res);
      if (!listener.healthMissed) listener.res.write(bytes);
    }
  }

  private writeAll(bytes: Buffer): void {
    for (const listener of this.listeners) if (fits(listener.res)) listener.res.write(bytes);
  }
}

function fits(res: ServerResponse): boolean {
  return res.writableLength <= MAX_STREAM_BACKLOG;
}

/** One SSE message; `id`, when given, is what a reconnecting reader sends back as Last-Event-ID. */
function message(event: string, data: string, id?: string): Buffer {
  return Buffer.from(`event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${data}\n\n`);
}
