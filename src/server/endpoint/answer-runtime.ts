import { randomSeed } from '../../scenario/base/seeded-draw';
import { TokenStates, type TokenStateStore } from '../../scenario/state/token-state';
import { ScenarioClock } from '../../scenario/state/scenario-clock';
import { OpenFaults } from '../faults/open-faults';
import { Outage } from './outage';
import { Sessions } from './sessions';
import { RuntimeTokens } from '../../scenario/state/runtime-tokens';

/** Where the server reports a failure it contained (a reply it could not write, an admin call that failed inside). */
export type ReportInternalError = (message: string) => void;

/** The mutable side of answering, owned by one running simulator: per-token state and held-open faults. */
export interface AnswerRuntime {
  /** Sequence positions, use counts, first-use times and random draws; `reset()` forgets them. */
  readonly states: TokenStateStore;
  /** Scenario time (real time plus what a test advanced it by), which `states` reads too. */
  readonly clock: ScenarioClock;
  readonly faults: OpenFaults;
  /** While on, every token gets the outage's answer instead of its own. */
  readonly outage: Outage;
  /** Told about every answer that could not be written. */
  readonly report: ReportInternalError;
  /** Live sessions: `prefix + T` answers as T with the session's own state. */
  readonly sessions: Sessions;
  /** performance.now() of the latest protocol request's arrival (-Infinity before any), for `GET /wait?quiet=`; kept only while the journal or the caller report is on. */
  readonly traffic: { lastArrivalAt: number };
}

/**
 * Without a reporter, contained failures go to Node's warning channel (stderr by default), so
 * none is ever silent; the CLI passes its logger.
 */
const warnInternalError: ReportInternalError = (message) => process.emitWarning(message, { code: 'AUTH_SIM_INTERNAL' });

/**
 * A fresh runtime; without a seed one is picked at random (read it back from `states.seed` to
 * replay). A group's states (shared-state/) are given with the clock they read.
 */
export function createAnswerRuntime(
  seed: number = randomSeed(),
  report: ReportInternalError = warnInternalError,
  clock = new ScenarioClock(),
  states: TokenStateStore = new TokenStates(seed, () => clock.now()),
  sessions: Sessions = new Sessions({
    makeStates: () => new TokenStates(seed, () => clock.now()),
    makeRuntime: () => new RuntimeTokens(),
    now: () => clock.now(),
  }),
): AnswerRuntime {
  return {
    states,
    clock,
    faults: new OpenFaults(),
    outage: new Outage(),
    report,
    sessions,
    traffic: { lastArrivalAt: -Infinity },
  };
}
