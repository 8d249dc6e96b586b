import type { ServerResponse } from 'node:http';
import type { RuntimeTokens } from '../../scenario/state/runtime-tokens';
import type { ScenarioStore } from '../../scenario/live/scenario-store';
import type { Journal } from '../endpoint/journal';
import type { RequestRecorder } from '../endpoint/request-recorder';
import type { AnswerRuntime } from '../endpoint/answer-runtime';
import type { TokenSource } from '../endpoint/served-tokens';
import type { ExchangeTracker } from '../../caller-report/exchange-tracker';
import type { RedisGroup } from '../../shared-state/redis-group';
import type { PassOn } from '../endpoint/pass-on';
import type { RequestTally } from '../endpoint/request-tally';
import type { Expectation } from '../../scenario/compile/read-expectations';
import { DEFAULT_ADMIN_PREFIX } from '../../protocol/endpoints';
import type { Sessions } from '../endpoint/sessions';
import type { Waiters } from './waiters';

/** The journal's size unless told otherwise. */
export const DEFAULT_JOURNAL_SIZE = 1000;

/** Where the admin API is mounted and what it accepts. */
export interface AdminSettings {
  readonly prefix: string;
  /** When set, mutating calls must present it (and reads too, with `guardReads`). */
  readonly token?: string;
  /** Reads need the token as well: the host is reachable from other machines. */
  readonly guardReads: boolean;
  /** The address the server listens on: on a loopback one, only local Host names are answered. */
  readonly host: string;
  /** The largest runtime entry (PUT body) accepted, in bytes. */
  readonly maxEntryBytes: number;
}

/** What a reset cleared, by count. */
export interface ResetCounts {
  readonly requests: number;
  readonly runtimeTokens: number;
  readonly tokenStates: number;
}

/** The observing and steering parts of one simulator, wired to its store: what the admin API reads and steers. */
export interface ControlParts {
  readonly store: ScenarioStore;
  readonly tokens: TokenSource;
  readonly runtime: RuntimeTokens;
  /** Absent when the journal is off. */
  readonly journal: Journal | undefined;
  readonly recorder: RequestRecorder | undefined;
  /** Protocol requests counted for `GET /metrics`; absent with `metrics: false`. */
  readonly tally: RequestTally | undefined;
  /** The caller report's hook and store; absent with `report: false`. */
  readonly callers: ExchangeTracker | undefined;
  /** The most tokens the caller report tracks one by one. */
  readonly reportTokens: number;
  /** Expectations set for the run by option (`--expect-no-unknown`, `--expect-all-used`), beside the files'. */
  readonly runExpectations: readonly Expectation[];
  /** Per-token state (shown by `GET /tokens/{token}`, cleared by reset) and where contained failures are reported. */
  readonly answering: AnswerRuntime;
  /** Absent with the admin API off. */
  readonly admin: AdminSettings | undefined;
  /** Live sessions (`POST /sessions`); the same registry the protocol path matches prefixes in. */
  readonly sessions: Sessions;
  /** Held `GET /wait` requests, told of every exchange the caller report records. */
  readonly waiters: Waiters;
  /** Open `GET /events` streams, ended when the simulator closes (they never go idle by themselves). */
  readonly streams: Set<ServerResponse>;
  /** Hybrid mode (`--proxy`): where tokens no entry names go; absent otherwise. */
  readonly passOn: PassOn | undefined;
  /** The group this simulator shares state with (`--redis`); absent alone. */
  readonly group: RedisGroup | undefined;
  /** Everything back to the files: journal, per-token state, runtime tokens, the clock (in a group: on every instance). */
  reset(): Promise<ResetCounts>;
  /** What another instance's reset asks of this one: runtime tokens and outage (the group's streams reset the journal and report). */
  resetLocal(): void;
  /** Ends the open event streams (the dashboard's), so closing the server need not wait for them. */
  endStreams(): void;
  /** Resolves once requests already answered are recorded (in a group: read back from the group's streams). */
  settle(): Promise<void>;
}

/** `__admin/` and `/__admin` both mean `/__admin`; `/` and protocol paths are refused. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (path === '/' || path.startsWith('/rest/'))
    throw new RangeError(`the admin prefix must be a path of its own like ${DEFAULT_ADMIN_PREFIX}, not "${prefix}"`);
  return path;
}
