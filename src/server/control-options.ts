import type { JournalEntry } from './journal';

// Apart from control-parts.ts, which imports Express's Router: these options are public (StartOptions).
/** How a simulator is observed and steered. */
export interface ControlOptions {
  /** Requests the journal keeps (a ring buffer); 0 turns it off. Default 1000. */
  readonly journalSize?: number;
  /** Called once per finished protocol request (the CLI's request log). */
  readonly onRequest?: (entry: JournalEntry) => void;
  /** The admin API: false leaves it out; otherwise where it is mounted and the token mutating calls need. */
  readonly admin?: false | { readonly prefix?: string; readonly token?: string };
  /** The address the server listens on (the admin API's Host check reads it). */
  readonly host?: string;
  /** The most runtime tokens held at once (default 10,000); a PUT of one more is a 409. */
  readonly maxRuntimeTokens?: number;
  /** The largest admin PUT body, in bytes (default 1 MB); a larger one is a 413. */
  readonly maxEntryBytes?: number;
  /** Told about failures the server contained (an answer it could not write, an admin call that failed inside); default: a process warning. */
  readonly onInternalError?: (message: string) => void;
}
