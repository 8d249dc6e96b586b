import type { PassOn } from './endpoint/pass-on';
import type { LoadOptions } from '../scenario/compile/load-scenario-set';
import type { ScenarioSources } from '../scenario/live/scenario-store';
import type { WatchOptions } from '../scenario/live/watch-scenarios';
import type { TlsOptions } from '../tls/server-tls';
import type { JournalEntry, JournalRecord } from './endpoint/journal';

// A file of its own so the public types (SimulatorOptions) reach no module that imports
// Express: run-simulator's Simulator carries the Express app, and @types/express is not a dependency.
/** Everything a simulator is started with; only the sources are required. */
/** Where the simulator listens unless told otherwise: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

export interface SimulatorOptions extends LoadOptions {
  readonly sources: ScenarioSources;
  readonly port?: number;
  /** The address the server listens on (the admin API's Host check reads it). */
  readonly host?: string;
  /** Reload when scenario files change (default true; timing options imply true); false freezes the set. */
  readonly watch?: boolean | WatchOptions;
  /** The seed of every random draw (chance, delay shapes); without it one is picked and shown as `seed`. */
  readonly seed?: number;
  /** How long close() lets in-flight requests finish before cutting their connections (default 5000 ms). */
  readonly shutdownGraceMs?: number;
  /** How long a new connection may send nothing before it is closed (default 60,000 ms, like Node's header time-out). */
  readonly silentConnectionMs?: number;
  /** Serve HTTPS: `true` (or `{}`) makes a self-signed certificate for `host`; see TlsOptions for your own and mutual TLS. */
  readonly tls?: true | TlsOptions;
  /**
   * Credentials every protocol request must bring, each `basic:USER:PASSWORD`, `bearer:TOKEN` or
   * `header:NAME=VALUE` (any one passes); a file's `defaults.callerAuth` adds its own for its tokens.
   */
  readonly callerAuth?: readonly string[];
  /** Called for each TLS handshake that failed (a caller with no, an expired or a foreign client certificate): no request reaches the journal then. */
  readonly onTlsFailure?: (failure: TlsFailure) => void;
  /** Requests the journal keeps (a ring buffer); 0 turns it off. Default 1000. */
  readonly journalSize?: number;
  /** Requests counted for `GET /__admin/metrics` (Prometheus): on unless false. */
  readonly metrics?: boolean;
  /** The caller report (GET /__admin/report): on unless false. Independent of the journal. */
  readonly report?: boolean;
  /** The most tokens the caller report tracks one by one (default 10,000); the rest are counted together. */
  readonly reportTokens?: number;
  /** The caller report's verdict fails on any request for a token no entry names (`--expect-no-unknown`). */
  readonly expectNoUnknown?: boolean;
  /** The caller report's verdict fails when a written token was never requested (`--expect-all-used`). */
  readonly expectAllUsed?: boolean;
  /** Called once per finished protocol request (the CLI's request log). */
  readonly onRequest?: (entry: JournalEntry) => void;
  /** Called once per finished protocol request with the journal's record as it is (the CLI's request log). */
  readonly onRequestRecord?: (record: JournalRecord) => void;
  /**
   * The admin API: false leaves it out; otherwise where it is mounted and the token its calls need
   * (changes only on a loopback host; reads too elsewhere, `GET /health` never). On another host,
   * a start without a token is refused unless `open: true` says it is meant.
   */
  readonly admin?: false | { readonly prefix?: string; readonly token?: string; readonly open?: boolean };
  /** The most runtime tokens held at once (default 10,000); a PUT of one more is a 409. */
  readonly maxRuntimeTokens?: number;
  /** The most bytes all runtime entries' texts and names take together (default 64 MB); a PUT past it is a 409. */
  readonly maxRuntimeBytes?: number;
  /** The largest admin PUT body, in bytes (default 1 MB); a larger one is a 413. */
  readonly maxEntryBytes?: number;
  /** Sessions alive at once at most (default 1,000); `POST /__admin/sessions` past it is a 429. */
  readonly maxSessions?: number;
  /** How long a session may go unused before it ends, in milliseconds (default 10 minutes); a session may ask for its own. */
  readonly sessionTtlMs?: number;
  /** Share token state, runtime tokens, reset, the journal and the caller report with every simulator naming the same Redis and prefix. */
  readonly redis?: RedisSettings;
  /** Hybrid mode: tokens no entry names go to the real service (`serve --proxy`, built by record's proxy). */
  readonly passOn?: PassOn;
  /** Told about failures the server contained (an answer it could not write, an admin call that failed inside); default: a process warning. */
  readonly onInternalError?: (message: string) => void;
}

/** A failed handshake, as the log shows it. */
export interface TlsFailure {
  /** `address:port` of the caller. */
  readonly from: string;
  /** OpenSSL's reason, e.g. "certificate has expired". */
  readonly reason: string;
}

/** A group of simulators on one Redis (`--redis`, `--redis-prefix`, `--redis-optional`). */
interface RedisSettings {
  /** `redis://[user:password@]host:port/db`, or `rediss://` for TLS. */
  readonly url: string;
  /** What every key and channel starts with (default `auth-sim`): groups with different prefixes stay apart. */
  readonly prefix?: string;
  /** Start on local state when Redis cannot be reached, and join once it can; otherwise the start fails. */
  readonly optional?: boolean;
  /** Told when Redis is lost and back; default: a process warning. */
  readonly onNotice?: (level: 'warn' | 'info', message: string) => void;
}
