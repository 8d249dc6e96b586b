import { readCallerReport } from '../server/admin/read-caller-report';
import type { ControlParts } from '../server/admin/control-parts';
import type { JudgedReport } from '../caller-report/judge-report';
import { ScenarioError } from '../scenario/base/scenario-error';
import { verifyReport } from '../caller-report/verify-report';
import type { JournalEntry, JournalFilter } from '../server/endpoint/journal';
import { runSimulator } from '../server/run-simulator';
import type { ResetCounts } from '../server/admin/control-parts';
import { startOutage } from '../server/admin/start-outage';
import type { SimulatorOptions } from '../server/simulator-options';
import type { ScenarioSources, ScenarioStatus } from '../scenario/live/scenario-store';
import type { ServedTls } from '../tls/server-tls';
import type { ScenarioEntry, ScenarioFile } from './scenario-types';
import { AdminClient } from './admin-client';
import { openSession, waits, type SessionOptions, type SimulatorSession, type Waits } from './session-handle';
import { simulatorClock, type SimulatorClock } from './simulator-clock';

/** Scenarios for a program: a path to a file or directory, or a scenario file as a value. */
export type ScenarioInput = string | ScenarioFile;

/** How to start a simulator from a program; everything is optional. */
export interface StartOptions extends Omit<SimulatorOptions, 'sources' | 'onRequest'> {
  /** Scenario files as values or paths (files or directories); none: every token gets the fallback. */
  readonly scenarios?: ScenarioInput | readonly ScenarioInput[];
  /** Called once per finished protocol request. */
  readonly onRequest?: (entry: JournalEntry) => void;
}

/** The served scenarios' state, with the tokens added at run time. */
export interface SimulatorStatus extends ScenarioStatus {
  readonly runtimeTokens: readonly string[];
}

/** A running simulator, steered from a test. */
export interface SimulatorHandle extends Waits {
  /** Base URL, e.g. `http://127.0.0.1:41234`; the protocol is at `${url}/rest/chat/client/id/...`. */
  readonly url: string;
  readonly port: number;
  /** The admin API's base URL (`${url}/__admin`), null when it is off. */
  readonly adminUrl: string | null;
  /** The seed of every random draw; pass it back as `seed` to replay a run. */
  readonly seed: number;
  /** With `tls`: the server certificate to trust (`new https.Agent({ ca: handle.tls.certificate })`) and its fingerprint; else null. */
  readonly tls: ServedTls | null;
  /** The request journal, newest first, filtered; waits for requests already answered to be recorded. */
  requests(filter?: JournalFilter): Promise<JournalEntry[]>;
  /** Journal, per-token state and runtime tokens back to the scenarios. */
  reset(): Promise<ResetCounts>;
  /** Adds or replaces a token on top of the scenarios; throws with every problem if the entry is invalid. */
  setToken(token: string, entry: ScenarioEntry): Promise<void>;
  /** Removes a token added with setToken; false if there was none. */
  removeToken(token: string): Promise<boolean>;
  /**
   * Makes every token answer `outage` (any scenario entry: `{ status: 503 }`, `{ fault: 'reset' }`)
   * until `for` ("30s") passes or endOutage() is called; throws with every problem if it is invalid.
   */
  startOutage(outage: ScenarioEntry & { readonly for?: string | number }): Promise<void>;
  /** Lifts the outage; false if there was none. */
  endOutage(): Promise<boolean>;
  /** Files, token counts, load time, the last reload error and the runtime tokens. */
  status(): SimulatorStatus;
  /** Scenario time: `clock.advance('2h')` ages time-based expiry and rate-limit windows at once; `clock.reset()` goes back to real time. */
  readonly clock: SimulatorClock;
  /** The caller report (what GET /__admin/report serves): per-token calls, retries, gaps, back-off, time-outs, and the verdict. */
  report(): Promise<CallerReport>;
  /** Resolves with the report when its verdict passes; rejects with an Error listing every failure (file:line:column first). */
  verify(): Promise<CallerReport>;
  /**
   * Opens a session (through the admin API): `s.token('flaky')` answers as `flaky` with the
   * session's own state, and `s.verify()` judges this test's requests alone.
   */
  session(options?: SessionOptions): Promise<SimulatorSession>;
  /** Stops the server, letting in-flight requests finish. */
  close(): Promise<void>;
}

/** The caller report with its verdict, as `report()` and GET /__admin/report give it. */
export type CallerReport = JudgedReport;

/** Starts a simulator on a free port (unless `port` is given) and returns its handle. */
export async function startSimulator(options: StartOptions = {}): Promise<SimulatorHandle> {
  const { scenarios, ...rest } = options;
  const sim = await runSimulator({ ...rest, sources: toScenarioSources(scenarios), port: options.port ?? 0 });
  const { control } = sim;
  const client = () => {
    if (sim.adminUrl === null)
      throw new Error(
        'auth-sim: sessions and waits go through the admin API, which is off (started with admin: false)',
      );
    return new AdminClient(sim.adminUrl, control.admin?.token);
  };
  return {
    url: sim.url,
    port: sim.port,
    adminUrl: sim.adminUrl,
    seed: sim.seed,
    tls: sim.tls,
    async requests(filter) {
      if (!control.journal) throw new Error('auth-sim: the request journal is off (started with journalSize: 0)');
      await control.settle();
      return control.journal.list(filter);
    },
    reset: () => Promise.resolve(control.reset()),
    setToken(token, entry) {
      const outcome = control.runtime.putValue(token, entry, `setToken(${JSON.stringify(token)})`);
      if (outcome.ok) return Promise.resolve();
      return Promise.reject(
        new ScenarioError(`auth-sim: the entry for token ${JSON.stringify(token)} was not set:`, outcome.problems),
      );
    },
    removeToken: async (token) => control.runtime.remove(token),
    async startOutage(outage) {
      const outcome = startOutage(control, outage, 'startOutage()');
      if (!outcome.ok) throw new ScenarioError('auth-sim: the outage was not started:', outcome.problems);
    },
    endOutage: async () => control.answering.outage.end(),
    status: () => ({ ...sim.store.status(), runtimeTokens: control.runtime.tokens() }),
    clock: simulatorClock(control.answering.clock),
    report: () => callerReport(control),
    verify: async () => verifyReport(await callerReport(control)),
    session: async (sessionOptions) => openSession(client(), sessionOptions),
    waitFor: async (target, waitOptions) => waits(client()).waitFor(target, waitOptions),
    waitForQuiet: async (quiet, waitOptions) => waits(client()).waitForQuiet(quiet, waitOptions),
    close: () => sim.close(),
  };
}

/** The judged caller report, or an Error when it was turned off. */
async function callerReport(control: ControlParts): Promise<CallerReport> {
  const report = await readCallerReport(control);
  if (report === null) throw new Error('auth-sim: the caller report is off (started with report: false)');
  return report;
}

/**
 * Paths stay paths; values become scenario texts named `<inline 1>`, `<inline 2>`..., as
 * indented JSON so problems point at a line and column of what the program wrote.
 */
function toScenarioSources(input: ScenarioInput | readonly ScenarioInput[] | undefined): ScenarioSources {
  const list: readonly ScenarioInput[] =
    input === undefined ? [] : Array.isArray(input) ? input : [input as ScenarioInput];
  const paths: string[] = [];
  const inline: { file: string; text: string }[] = [];
  for (const item of list) {
    if (typeof item === 'string') paths.push(item);
    else inline.push({ file: `<inline ${inline.length + 1}>`, text: JSON.stringify(item, null, 2) ?? '' });
  }
  return { paths, inline };
}
