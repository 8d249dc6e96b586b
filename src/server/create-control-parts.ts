import type { ServerResponse } from 'node:http';
import { RuntimeTokens } from '../scenario/state/runtime-tokens';
import type { ScenarioStore } from '../scenario/live/scenario-store';
import { DEFAULT_MAX_ENTRY_BYTES } from '../scenario/base/size-limits';
import { DEFAULT_HOST, type SimulatorOptions } from './simulator-options';
import { describeRecord, Journal, type JournalRecord } from './endpoint/journal';
import { RequestRecorder, type RecorderOptions } from './endpoint/request-recorder';
import { shipRecord } from './endpoint/shipped-request';
import { RequestTally } from './endpoint/request-tally';
import type { AnswerRuntime } from './endpoint/answer-runtime';
import { createServedTokens } from './endpoint/served-tokens';
import { ExchangeTracker } from '../caller-report/exchange-tracker';
import type { RedisGroup } from '../shared-state/redis-group';
import { demandOf, type Expectation } from '../scenario/compile/read-expectations';
import { DEFAULT_REPORT_TOKENS, MemoryReportStore } from '../caller-report/memory-report-store';
import { DEFAULT_ADMIN_PREFIX } from '../protocol/endpoints';
import { DEFAULT_JOURNAL_SIZE, normalizePrefix, type ControlParts, type ResetCounts } from './admin/control-parts';
import { isLoopbackHost } from './admin/request-guard';
import { Waiters } from './admin/waiters';
import type { CallerReportStore, Exchange } from '../caller-report/exchange';
import type { Sessions } from './endpoint/sessions';

/** Builds the runtime tokens, the journal and the recorder (only if something listens); `recording` adds what the connection tells (client certificates). */
export function createControlParts(
  store: ScenarioStore,
  options: SimulatorOptions,
  answering: AnswerRuntime,
  recording: Pick<RecorderOptions, 'clientSubject'>,
  group?: RedisGroup,
): ControlParts {
  const runtime = new RuntimeTokens(options, options.maxRuntimeTokens, options.maxRuntimeBytes);
  const size = options.journalSize ?? DEFAULT_JOURNAL_SIZE;
  const journal = size > 0 ? new Journal(size) : undefined;
  const tally = options.metrics === false ? undefined : new RequestTally();
  const onRecord = [...recordListeners(options, group), ...(tally ? [tally.count] : [])];
  // In a group the journal and the report are filled from the group's streams, this instance's own requests included.
  const recorder =
    journal || onRecord.length > 0
      ? new RequestRecorder({ journal: group ? undefined : journal, onRecord, runtime, ...recording })
      : undefined;
  const reportTokens = options.reportTokens ?? DEFAULT_REPORT_TOKENS;
  const report = new MemoryReportStore(reportTokens);
  const waiters = new Waiters();
  const sessions = answering.sessions;
  sessions.onRecorded = (session, token) => waiters.recorded(session.id, token);
  const fold = foldExchange(report, sessions, waiters);
  // In a group the tracker ships each exchange, and folds only what comes back from the group's stream.
  const callers =
    options.report === false
      ? undefined
      : new ExchangeTracker(
          {
            record: fold,
            snapshot: () => report.snapshot(),
            calls: (token) => report.calls(token),
            token: (token) => report.token(token),
            reset: (since) => report.reset(since),
          },
          group && ((x) => group.streams.exchanges.push(x)),
        );
  const resetLocal = (): void => {
    runtime.clear();
    answering.outage.end();
    // A group's reset has removed its clock offset from Redis already (RedisGroup.shareReset).
    answering.clock.adopt(0);
    for (const session of sessions.list()) session.resetLocal();
  };
  const reset = async (): Promise<ResetCounts> => {
    // Requests answered before the reset are handed on first, so they fall before it.
    await recorder?.settle();
    await callers?.settle();
    const counts = { requests: journal?.size ?? 0, runtimeTokens: runtime.size };
    const tokenStates = await answering.states.reset();
    // Shared, the streams' reset markers clear the journal and the report on every instance, this one included.
    if (!(await group?.shareReset())) {
      journal?.clear();
      await callers?.reset();
    }
    resetLocal();
    return { ...counts, tokenStates };
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
  const settle = async () => {
    await recorder?.settle();
    await callers?.settle();
    await group?.settle();
  };
  return {
    store,
    tokens: createServedTokens(store, runtime),
    runtime,
    journal,
    recorder,
    tally,
    callers,
    reportTokens,
    runExpectations: optionExpectations(options),
    answering,
    admin,
    sessions,
    waiters,
    streams,
    passOn: options.passOn,
    group,
    reset,
    resetLocal,
    endStreams,
    settle,
  };
}

/** In a group, each completed record also goes to the others, described when the batch is written (off the request path). */
/** Who hears each finished request: a program's onRequest (as a journal entry), the CLI's log, a group's journal. */
function recordListeners(options: SimulatorOptions, group: RedisGroup | undefined): RecorderOptions['onRecord'] {
  const { onRequest, onRequestRecord } = options;
  return [
    ...(onRequest ? [(record: JournalRecord) => onRequest(describeRecord(record))] : []),
    ...(onRequestRecord ? [onRequestRecord] : []),
    ...(group ? [(record: JournalRecord) => group.streams.journal.push(() => shipRecord(record))] : []),
  ];
}

/**
 * Where an exchange goes, answered here or by another instance of the group: the run's report
 * (under T for a session's `prefix + T`), its session's report, and the waiters of its token.
 */
function foldExchange(report: CallerReportStore, sessions: Sessions, waiters: Waiters): (exchange: Exchange) => void {
  return (exchange) => {
    report.record(exchange);
    waiters.recorded(null, exchange.token);
    if (exchange.session !== undefined) sessions.get(exchange.session)?.record(exchange);
  };
}

/** A start refused: the admin API would answer anyone who reaches a non-loopback host, with no token. */
class AdminExposedError extends Error {
  constructor(readonly host: string) {
    super(
      `the admin API would let anyone who reaches ${host} read the journal and change any token: give it a secret with --admin-token (or AUTH_SIM_ADMIN_TOKEN), turn it off with --no-admin, or leave it open on purpose with --admin-open`,
    );
    this.name = 'AdminExposedError';
  }
}

/** The run-wide expectations the options set, each named by its flag in a verdict. */
function optionExpectations(options: SimulatorOptions): Expectation[] {
  return [
    ...(options.expectNoUnknown
      ? [
          {
            token: null,
            key: 'unknownTokens',
            demand: demandOf('unknownTokens', 0),
            where: '--expect-no-unknown',
          } as const,
        ]
      : []),
    ...(options.expectAllUsed
      ? [
          {
            token: null,
            key: 'unusedTokens',
            demand: demandOf('unusedTokens', 'fail'),
            where: '--expect-all-used',
          } as const,
        ]
      : []),
  ];
}
