import type { LoadOptions } from '../scenario/compile/load-scenario-set';
import type { ScenarioSources } from '../scenario/live/scenario-store';
import type { WatchOptions } from '../scenario/live/watch-scenarios';
import type { TlsOptions } from '../tls/server-tls';
import type { ControlOptions } from './control-options';

// A file of its own so the public types (StartOptions) reach no module that imports Express:
// run-simulator's Simulator carries the Express app, and @types/express is not a dependency.
/** Everything a simulator is started with; only the sources are required. */
export interface SimulatorOptions extends LoadOptions, ControlOptions {
  readonly sources: ScenarioSources;
  readonly port?: number;
  readonly host?: string;
  /** Reload when scenario files change (default true; timing options imply true); false freezes the set. */
  readonly watch?: boolean | WatchOptions;
  /** The seed of every random draw (chance, delay shapes); without it one is picked and shown as `seed`. */
  readonly seed?: number;
  /** How long close() lets in-flight requests finish before cutting their connections (default 5000 ms). */
  readonly shutdownGraceMs?: number;
  /** Serve HTTPS: `true` (or `{}`) makes a self-signed certificate for `host`; see TlsOptions for your own and mutual TLS. */
  readonly tls?: true | TlsOptions;
  /**
   * Credentials every protocol request must bring, each `basic:USER:PASSWORD`, `bearer:TOKEN` or
   * `header:NAME=VALUE` (any one passes); a file's `defaults.callerAuth` adds its own for its tokens.
   */
  readonly callerAuth?: readonly string[];
  /** Called for each TLS handshake that failed (a caller with no, an expired or a foreign client certificate): no request reaches the journal then. */
  readonly onTlsFailure?: (failure: TlsFailure) => void;
}

/** A failed handshake, as the log shows it. */
export interface TlsFailure {
  /** `address:port` of the caller. */
  readonly from: string;
  /** OpenSSL's reason, e.g. "certificate has expired". */
  readonly reason: string;
}
