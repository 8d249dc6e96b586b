import type { ServerResponse } from 'node:http';
import { RuntimeTokens } from '../scenario/state/runtime-tokens';
import type { ScenarioStore } from '../scenario/live/scenario-store';
import { DEFAULT_MAX_ENTRY_BYTES } from '../scenario/read/size-limits';
import { DEFAULT_HOST, isLoopbackHost, type ResetCounts, type SimulatorOptions } from './simulator-options';
import { Journal } from './journal';
import { RequestRecorder, type RecorderOptions } from './request-recorder';
import type { AnswerRuntime } from './answer-runtime';
import { createServedTokens, type TokenSource } from './served-tokens';

/** The journal's size unless told otherwise. */
export const DEFAULT_JOURNAL_SIZE = 1000;

/** Where the admin API is mounted unless told otherwise. */
export const DEFAULT_ADMIN_PREFIX = '/__admin';

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

/** The observing and steering parts of one simulator, wired to its store: what the admin API reads and steers. */
export interface ControlParts {
  readonly store: ScenarioStore;
  readonly tokens: TokenSource;
  readonly runtime: RuntimeTokens;
  /** Absent when the journal is off. */
  readonly journal: Journal | undefined;
  readonly recorder: RequestRecorder | undefined;
  /** Per-token state (shown by `GET /tokens/{token}`, cleared by reset) and where contained failures are reported. */
  readonly answering: AnswerRuntime;
  /** Absent with the admin API off. */
  readonly admin: AdminSettings | undefined;
  /** Open `GET /events` streams, ended when the simulator closes (they never go idle by themselves). */
  readonly streams: Set<ServerResponse>;
  /** Everything back to the files: journal, per-token state, runtime tokens. */
  reset(): ResetCounts;
  /** Ends the open event streams (the dashboard's), so closing the server need not wait for them. */
  endStreams(): void;
  /** Resolves once requests already answered are recorded. */
  settle(): Promise<void>;
}

/** Builds the runtime tokens, the journal and the recorder (only if something listens); `recording` adds what the connection tells (client certificates). */
export function createControlParts(
  store: ScenarioStore,
  options: SimulatorOptions,
  answering: AnswerRuntime,
  recording: Pick<RecorderOptions, 'clientSubject'>,
): ControlParts {
  const runtime = new RuntimeTokens(options, options.maxRuntimeTokens);
  const size = options.journalSize ?? DEFAULT_JOURNAL_SIZE;
  const journal = size > 0 ? new Journal(size) : undefined;
  const recorder =
    journal || options.onRequest
      ? new RequestRecorder({ journal, onRequest: options.onRequest, runtime, ...recording })
      : undefined;
  const reset = (): ResetCounts => {
    const counts = { requests: journal?.size ?? 0, runtimeTokens: runtime.size, tokenStates: answering.states.reset() };
    journal?.clear();
    runtime.clear();
    return counts;
  };
  const streams = new Set<ServerResponse>();
  const settings = options.admin === false ? undefined : (options.admin ?? {});
  const host = options.host ?? DEFAULT_HOST;
  if (settings && settings.token === undefined && !settings.open && !isLoopbackHost(host))
    throw new AdminExposedError(host);
  const admin = settings && {
    prefix: normalizePrefix(settings.prefix ?? DEFAULT_ADMIN_PREFIX),
    token: settings.token,
    guardReads: !isLoopbackHost(host),
    host,
    maxEntryBytes: options.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES,
  };
  const endStreams = () => streams.forEach((res) => res.end());
  const settle = async () => recorder?.settle();
  return {
    store,
    tokens: createServedTokens(store, runtime),
    runtime,
    journal,
    recorder,
    answering,
    admin,
    streams,
    reset,
    endStreams,
    settle,
  };
}

/** A start refused: the admin API would answer anyone who reaches a non-loopback host, with no token. */
export class AdminExposedError extends Error {
  constructor(readonly host: string) {
    super(
      `the admin API would let anyone who reaches ${host} read the journal and change any token: give it a secret with --admin-token (or AUTH_SIM_ADMIN_TOKEN), turn it off with --no-admin, or leave it open on purpose with --admin-open`,
    );
    this.name = 'AdminExposedError';
  }
}

/** `__admin/` and `/__admin` both mean `/__admin`; `/` and protocol paths are refused. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (path === '/' || path.startsWith('/rest/'))
    throw new RangeError(`the admin prefix must be a path of its own like /__admin, not "${prefix}"`);
  return path;
}
