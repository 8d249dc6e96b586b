import { verifyReport } from '../caller-report/verify-report';
import type { JudgedReport } from '../caller-report/judge-report';
import { DEFAULT_ADMIN_PREFIX } from '../protocol/endpoints';
import { AdminClient } from './admin-client';
import { openSession, waits, type SessionOptions, type SimulatorSession, type Waits } from './session-handle';

/** Where a running simulator's admin API is, beyond its URL. */
export interface ConnectOptions {
  /** Its `--admin-prefix` (default `/__admin`). */
  readonly adminPrefix?: string;
  /** Its `--admin-token`, sent as `authorization: Bearer ...`. */
  readonly adminToken?: string;
}

/** A simulator running elsewhere (another jest worker's globalSetup, a container), steered over its admin API. */
export interface RemoteSimulator extends Waits {
  readonly url: string;
  readonly adminUrl: string;
  /** Opens a session: this test's own token state, runtime tokens, journal and verdict. */
  session(options?: SessionOptions): Promise<SimulatorSession>;
  /** The run-wide caller report with its verdict. */
  report(): Promise<JudgedReport>;
  /** Resolves with the run-wide report when its verdict passes; rejects listing every failure. */
  verify(): Promise<JudgedReport>;
}

/**
 * A handle on a simulator started elsewhere, from its URL: what a jest suite's files use when
 * one simulator started in globalSetup serves every worker (pass its URL in an environment variable).
 */
export function connectSimulator(url: string, options: ConnectOptions = {}): RemoteSimulator {
  const base = url.replace(/\/+$/, '');
  return remoteSimulator(
    base,
    new AdminClient(`${base}${options.adminPrefix ?? DEFAULT_ADMIN_PREFIX}`, options.adminToken),
  );
}

/** The remote handle over a ready client (the Testcontainers module builds its own client). */
export function remoteSimulator(url: string, client: AdminClient): RemoteSimulator {
  const report = async () => (await client.expect('GET', '/report', [200])).body as JudgedReport;
  return {
    url,
    adminUrl: client.adminUrl,
    session: (options) => openSession(client, options),
    report,
    verify: async () => verifyReport(await report()),
    ...waits(client),
  };
}
