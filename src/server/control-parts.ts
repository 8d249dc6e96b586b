import type { ServerResponse } from 'node:http';
import type { Router } from 'express';
import type { LoadOptions } from '../scenario/compile/load-scenario-set';
import { RuntimeTokens } from '../scenario/state/runtime-tokens';
import type { ScenarioStore } from '../scenario/live/scenario-store';
import type { TokenStates } from '../scenario/state/token-state';
import { DEFAULT_ADMIN_PREFIX } from './admin/admin-prefix';
import type { AdminParts, ResetCounts } from './admin/admin-parts';
import type { ControlOptions } from './control-options';
import { Journal } from './journal';
import { RequestRecorder, type RecorderOptions } from './request-recorder';
import { warnInternalError, type ReportInternalError } from './answer-runtime';
import { DEFAULT_MAX_ENTRY_BYTES } from '../scenario/read/size-limits';
import { createServedTokens, type TokenSource } from './served-tokens';

/** The journal's size unless told otherwise. */
export const DEFAULT_JOURNAL_SIZE = 1000;

export type { ControlOptions } from './control-options';

/** The observing and steering parts of one simulator, wired to its store. */
export interface ControlParts {
  readonly tokens: TokenSource;
  readonly runtime: RuntimeTokens;
  readonly journal: Journal | undefined;
  readonly recorder: RequestRecorder | undefined;
  readonly admin: { readonly prefix: string; readonly router: Router } | undefined;
  /** Hooks a reset also runs (per-token sequence/expiry state); each returns how many it cleared. */
  readonly resetHooks: (() => number)[];
  /** Where contained failures are reported (ControlOptions.onInternalError). */
  readonly report: ReportInternalError;
  reset(): ResetCounts;
  /** Ends the open event streams (the dashboard's), so closing the server need not wait for them. */
  endStreams(): void;
  /** Resolves once requests already answered are recorded. */
  settle(): Promise<void>;
}

/** Builds the runtime tokens, the journal, the recorder (only if something listens) and the admin router; `recording` adds what the connection tells (client certificates). */
export function createControlParts(store: ScenarioStore, options: ControlOptions & LoadOptions, states?: TokenStates, recording: Pick<RecorderOptions, 'clientSubject'> = {}): ControlParts {
  const runtime = new RuntimeTokens(options, options.maxRuntimeTokens);
  const size = options.journalSize ?? DEFAULT_JOURNAL_SIZE;
  const journal = size > 0 ? new Journal(size) : undefined;
  const recorder = journal || options.onRequest ? new RequestRecorder({ journal, onRequest: options.onRequest, runtime, ...recording }) : undefined;
  const resetHooks: (() => number)[] = [];
  const reset = (): ResetCounts => {
    const counts = { requests: journal?.size ?? 0, runtimeTokens: runtime.size, tokenStates: resetHooks.reduce((n, hook) => n + hook(), 0) };
    journal?.clear();
    runtime.clear();
    return counts;
  };
  const settle = async () => recorder?.settle();
  const streams = new Set<ServerResponse>();
  const endStreams = () => streams.forEach((res) => res.end());
  const report = options.onInternalError ?? warnInternalError;
  const settings = options.admin === false ? undefined : (options.admin ?? {});
  const admin = settings && lazyAdmin(normalizePrefix(settings.prefix ?? DEFAULT_ADMIN_PREFIX), { store, runtime, journal, reset, settle, report, maxEntryBytes: options.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES, adminToken: settings.token, host: options.host, states, streams });
  return { tokens: createServedTokens(store, runtime), runtime, journal, recorder, admin, resetHooks, report, reset, endStreams, settle };
}

/**
 * The admin API with its router built on first use: the router loads Express (~80 ms), which the
 * server needs only for the first request the protocol handler declines, not to start.
 */
function lazyAdmin(prefix: string, parts: AdminParts): { readonly prefix: string; readonly router: Router } {
  let router: Router | undefined;
  return {
    prefix,
    get router() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      router ??= (require('./admin/admin-router') as typeof import('./admin/admin-router')).createAdminRouter(parts);
      return router;
    },
  };
}

/** `__admin/` and `/__admin` both mean `/__admin`; `/` and protocol paths are refused. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (path === '/' || path.startsWith('/rest/')) throw new RangeError(`the admin prefix must be a path of its own like /__admin, not "${prefix}"`);
  return path;
}
