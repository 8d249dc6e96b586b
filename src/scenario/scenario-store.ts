import { EventEmitter } from 'node:events';
import { loadScenarioSet, type LoadOptions } from './load-scenario-set';
import type { Problem } from './problem';
import { readScenarioSources, type ScenarioText } from './read-scenario-sources';
import { tokenCount, type ScenarioSet } from './scenario-set';

/** Where a store's scenarios come from: paths on disk, and texts given directly (programmatic use). */
export interface ScenarioSources {
  readonly paths: readonly string[];
  readonly inline?: readonly ScenarioText[];
}

/** The outcome of one reload attempt. */
export type ReloadOutcome =
  | { readonly ok: true; readonly set: ScenarioSet; readonly previous: ScenarioSet | undefined; readonly ms: number }
  | { readonly ok: false; readonly problems: readonly Problem[]; readonly ms: number };

/** The state of the served set, for logs, the admin API and programs. */
export interface ScenarioStatus {
  readonly loadedAt: string | null;
  readonly files: readonly string[];
  readonly tokens: number;
  readonly reloads: number;
  readonly lastError: { readonly at: string; readonly problems: readonly Problem[] } | null;
}

/**
 * Holds the one served scenario set. A reload builds a complete new set off to the side and
 * swaps this single reference; a failed reload records its problems and keeps the old set.
 * Emits 'reloaded' and 'reload-failed' with the ReloadOutcome.
 */
export class ScenarioStore extends EventEmitter {
  private served: ScenarioSet | undefined;
  private failure: ScenarioStatus['lastError'] = null;
  private reloads = 0;

  constructor(
    readonly sources: ScenarioSources,
    private readonly options: LoadOptions = {},
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

  /** Reads and compiles the sources; swaps them in on success, keeps the old set on failure. */
  async reload(): Promise<ReloadOutcome> {
    const started = performance.now();
    const outcome = await this.build(started);
    if (outcome.ok) {
      this.served = outcome.set;
      this.failure = null;
      this.reloads += 1;
      this.emit('reloaded', outcome);
    } else {
      this.failure = { at: new Date().toISOString(), problems: outcome.problems };
      this.emit('reload-failed', outcome);
    }
    return outcome;
  }

  /** The served set's state and the newest edit's error, if it is broken. */
  status(): ScenarioStatus {
    const set = this.served;
    return {
      loadedAt: set ? set.loadedAt.toISOString() : null,
      files: set ? set.files : [],
      tokens: set ? tokenCount(set) : 0,
      reloads: this.reloads,
      lastError: this.failure,
    };
  }

  private async build(started: number): Promise<ReloadOutcome> {
    let texts: ScenarioText[];
    try {
      texts = [...(await readScenarioSources(this.sources.paths)), ...(this.sources.inline ?? [])];
    } catch (error) {
      return { ok: false, problems: [readProblem(error)], ms: performance.now() - started };
    }
    const result = loadScenarioSet(texts, this.options);
    const ms = performance.now() - started;
    return result.ok ? { ok: true, set: result.set, previous: this.served, ms } : { ok: false, problems: result.problems, ms };
  }
}

function readProblem(error: unknown): Problem {
  const err = error as NodeJS.ErrnoException;
  const file = err.path ?? '(scenarios)';
  const message = err.code === 'ENOENT' ? `cannot read ${file}: no such file or directory` : `cannot read ${file}: ${err.message}`;
  return { file, line: 1, column: 1, severity: 'error', path: '', message };
}
