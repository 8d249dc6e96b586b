import type { ServerResponse } from 'node:http';
import type { RuntimeTokens } from '../../scenario/state/runtime-tokens';
import type { ScenarioStore } from '../../scenario/live/scenario-store';
import type { TokenStates } from '../../scenario/state/token-state';
import type { Journal } from '../journal';

/** What a reset cleared, by count. */
export interface ResetCounts {
  readonly requests: number;
  readonly runtimeTokens: number;
  readonly tokenStates: number;
}

/** What the admin API reads and steers; built by runSimulator. */
export interface AdminParts {
  readonly store: ScenarioStore;
  readonly runtime: RuntimeTokens;
  /** Absent when the journal is off. */
  readonly journal?: Journal;
  /** Resolves once requests already answered are in the journal. */
  settle(): Promise<void>;
  /** Everything back to the files: journal, per-token state, runtime tokens. */
  reset(): ResetCounts;
  /** Where an admin call that failed inside (a 500) is reported. */
  report(message: string): void;
  /** The largest runtime entry (PUT body) accepted, in bytes. */
  readonly maxEntryBytes: number;
  /** When set, mutating calls must present it. */
  readonly adminToken?: string;
  /** The address the server listens on: on a loopback one, only local Host names are answered. */
  readonly host?: string;
  /** Open `GET /events` streams, ended when the simulator closes (they never go idle by themselves). */
  readonly streams?: Set<ServerResponse>;
  /** Per-token sequence/expiry state, shown by `GET /tokens/{token}`. */
  readonly states?: TokenStates;
}
