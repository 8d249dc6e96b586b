import { performance } from 'node:perf_hooks';
import { EventEmitter } from 'node:events';
import { diffInSlices, type SetChanges } from './diff-sets';
import { emptiedFileProblems, isBlank } from './emptied-files';
import type { LoadOptions, PopulationCompiler } from '../compile/load-scenario-set';
import { inSlices, loadInSlices } from './load-in-slices';
import type { Problem } from '../base/problem';
import { displayName, readFailureProblem, readScenarioSources, type ScenarioText } from '../base/read-scenario-sources';
import { tokenCount, type ScenarioSet } from '../compile/scenario-set';

/** Where a store's scenarios come from: paths on disk, and texts given directly (programmatic use). */
export interface ScenarioSources {
  readonly paths: readonly string[];
  readonly inline?: readonly ScenarioText[];
}

/** The outcome of one reload attempt; `trigger` says what asked for it ("start", "SIGHUP", a changed file). */
export type ReloadOutcome =
  | {
      readonly ok: true;
      readonly set: ScenarioSet;
      readonly changes: SetChanges;
      readonly trigger: string;
      readonly ms: number;
    }
  | { readonly ok: false; readonly problems: readonly Problem[]; readonly trigger: string; readonly ms: number };

/** The failed half of ReloadOutcome. */
export type ReloadFailure = Extract<ReloadOutcome, { ok: false }>;

/** A one-line summary of the newest reload that applied or was reported as failed. */
export interface ReloadSummary {
  readonly at: string;
  readonly trigger: string;
  readonly ok: boolean;
  readonly ms: number;
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
}

/** The state of the served set, for logs, the admin API and programs. */
export interface ScenarioStatus {
  readonly loadedAt: string | null;
  readonly files: readonly string[];
  readonly tokens: number;
  readonly reloads: number;
  readonly lastReload: ReloadSummary | null;
  readonly lastError: { readonly at: string; readonly problems: readonly Problem[] } | null;
}

/**
 * Holds the one served scenario set. A reload builds a complete new set off to the side and
 * swaps this single reference; a failed reload records its problems and keeps the old set.
 * Reloads run one at a time, in the order asked. Emits 'reloaded' and 'reload-failed' with the
 * ReloadOutcome.
 */
export class ScenarioStore extends EventEmitter {
  private served: ScenarioSet | undefined;
  private failure: ScenarioStatus['lastError'] = null;
  private summary: ReloadSummary | null = null;
  private reloads = 0;
  private failures = 0;
  private hadContent: ReadonlySet<string> = new Set();
  private queue: Promise<unknown> = Promise.resolve();
  /** The files as read before a set was first served, until a watcher compares them (changedSinceFirstRead). */
  private firstRead: readonly ScenarioText[] | undefined;

  constructor(
    readonly sources: ScenarioSources,
    private readonly options: LoadOptions,
    private readonly compilePopulations: PopulationCompiler,
  ) {
    super();
  }

  /** The set requests are answered from; throws if nothing has loaded yet. */
  get set(): ScenarioSet {
    if (!this.served) throw new Error('no scenario set has loaded yet');
    return this.served;
  }

  /** Whether a set is being served. */
  get ready(): boolean {
    return this.served !== undefined;
  }

  /** Reads and compiles the sources; swaps them in on success, records and reports a failure. */
  async reload(trigger = 'reload'): Promise<ReloadOutcome> {
    const outcome = (await this.attemptReload(trigger)) as ReloadOutcome;
    if (!outcome.ok) this.reportFailure(outcome);
    return outcome;
  }

  /**
   * Reads and compiles the sources and swaps them in on success. A failure is returned but not
   * yet recorded, so a watcher can wait to see whether the file was only half-saved. If
   * `stillWanted` says no once the set is built (newer edits arrived), nothing is applied and
   * the result is undefined.
   */
  attemptReload(trigger: string, stillWanted?: () => boolean): Promise<ReloadOutcome | undefined> {
    const run = this.queue.then(() => this.attempt(trigger, stillWanted));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Records a failed reload as the newest error and announces it; the served set is untouched. */
  reportFailure(outcome: ReloadFailure): void {
    const at = new Date().toISOString();
    this.failure = { at, problems: outcome.problems };
    this.failures += 1;
    this.summary = { at, trigger: outcome.trigger, ok: false, ms: outcome.ms, added: 0, removed: 0, changed: 0 };
    this.emit('reload-failed', outcome);
  }

  /** No watcher will compare the first read (`watch: false`, `--no-watch`): its texts are let go now. */
  forgetFirstRead(): void {
    this.firstRead = undefined;
  }

  /**
   * A file that differs now from the first read that was served (edited, added or removed), or
   * undefined if none does: a watcher that starts after that read catches up on what it could not
   * see. Asked once; the texts are let go.
   */
  async changedSinceFirstRead(): Promise<string | undefined> {
    const before = this.firstRead;
    this.firstRead = undefined;
    if (!before) return undefined;
    let now: ScenarioText[];
    try {
      now = await readScenarioSources(this.sources.paths, this.options.maxFileBytes);
    } catch {
      return displayName(this.sources.paths[0]);
    }
    const texts = new Map(before.map((t) => [t.file, t.text]));
    const names = new Set(now.map((t) => t.file));
    return now.find((t) => texts.get(t.file) !== t.text)?.file ?? before.find((t) => !names.has(t.file))?.file;
  }

  /** The served set's state, the newest reload, and the newest edit's error if it is broken. */
  /** Reloads that failed and left the last good set serving (the metrics' `result="failed"`). */
  get failedReloads(): number {
    return this.failures;
  }

  status(): ScenarioStatus {
    const set = this.served;
    return {
      loadedAt: set ? set.loadedAt.toISOString() : null,
      files: set ? set.files : [],
      tokens: set ? tokenCount(set) : 0,
      reloads: this.reloads,
      lastReload: this.summary,
      lastError: this.failure,
    };
  }

  private async attempt(trigger: string, stillWanted?: () => boolean): Promise<ReloadOutcome | undefined> {
    const started = performance.now();
    const built = await this.build();
    const ms = performance.now() - started;
    if (stillWanted && !stillWanted()) return undefined;
    if (!built.ok) return { ok: false, problems: built.problems, trigger, ms };
    const changes = await inSlices(diffInSlices(this.served, built.set));
    if (stillWanted && !stillWanted()) return undefined;
    const outcome = { ok: true, set: built.set, changes, trigger, ms } as const;
    this.served = built.set;
    this.hadContent = built.hadContent;
    this.failure = null;
    this.reloads += 1;
    const { added, removed, changed } = outcome.changes;
    this.summary = {
      at: built.set.loadedAt.toISOString(),
      trigger,
      ok: true,
      ms,
      added: added.length,
      removed: removed.length,
      changed: changed.length,
    };
    this.emit('reloaded', outcome);
    return outcome;
  }

  /** The sources read and compiled into a set, with the files that had content; or every problem that kept them from it. */
  private async build(): Promise<
    { ok: true; set: ScenarioSet; hadContent: ReadonlySet<string> } | { ok: false; problems: readonly Problem[] }
  > {
    let files: ScenarioText[];
    try {
      files = await readScenarioSources(this.sources.paths, this.options.maxFileBytes);
    } catch (error) {
      return { ok: false, problems: [readFailureProblem(error)] };
    }
    if (!this.served) this.firstRead = files;
    const emptied = emptiedFileProblems(files, this.hadContent);
    if (emptied.length > 0) return { ok: false, problems: emptied };
    const result = await loadInSlices(
      [...files, ...(this.sources.inline ?? [])],
      this.options,
      this.compilePopulations,
      this.served !== undefined,
    );
    return result.ok
      ? { ...result, hadContent: new Set(files.filter((f) => !isBlank(f.text)).map((f) => f.file)) }
      : result;
  }
}
