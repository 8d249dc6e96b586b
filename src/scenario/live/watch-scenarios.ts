import { performance } from 'node:perf_hooks';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { watchRootEntries, unreadableRoot } from './watch-roots';
import type { FSWatcher } from 'chokidar';
import type * as Chokidar from 'chokidar';
import { displayName } from '../base/read-scenario-sources';
import type { ReloadFailure, ScenarioStore } from './scenario-store';
import { watchTargets, type WatchTargets } from './watch-targets';

/** Timing of the watcher; the defaults keep a save visible within tens of milliseconds. */
export interface WatchOptions {
  /** Quiet time after the newest file event before reloading, so a burst of events is one reload. */
  readonly settleMs?: number;
  /** After a failed reload, how long to wait for a further change before reporting the failure. */
  readonly confirmMs?: number;
}

const DEFAULT_SETTLE_MS = 25;
const DEFAULT_CONFIRM_MS = 200;

/**
 * Watches the store's scenario paths and reloads the store after each burst of changes. A failed
 * reload is held back for `confirmMs` and reported only if no further change arrives, so an editor
 * caught mid-save causes no error storm. Never prints: the store announces reloads, and watch
 * errors (a watch limit reached, say) are emitted as 'watch-error'.
 *
 * A watched directory replaced as a whole (renamed over, removed and made again, made unreadable
 * and readable again) leaves chokidar watching what is gone, so each directory's entry in its
 * parent is watched too: any change to it starts a fresh chokidar watcher and a reload, with
 * 'watch-stopped' (why) while the directory cannot be watched and 'watch-resumed' once it can.
 */
export class ScenarioWatcher extends EventEmitter {
  private readonly settleMs: number;
  private readonly confirmMs: number;
  private readonly changed = new Set<string>();
  private generation = 0;
  private lastEventAt = 0;
  private running = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private confirmTimer: NodeJS.Timeout | undefined;
  private rearmTimer: NodeJS.Timeout | undefined;
  private rearming: Promise<void> | undefined;
  private stopped: string | undefined;
  private closeRoots: () => void = () => undefined;

  private targets: WatchTargets | undefined;
  private fsw: FSWatcher | undefined;
  /** Resolves once chokidar has scanned the paths and any edit since the store's first read is caught up on. */
  readonly ready: Promise<void>;

  private constructor(
    private readonly store: ScenarioStore,
    options: WatchOptions,
  ) {
    super();
    this.settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
    this.confirmMs = options.confirmMs ?? DEFAULT_CONFIRM_MS;
    this.ready = this.begin().catch((error: Error) => void this.emit('watch-error', error));
  }

  /**
   * Starts watching the store's paths, after its first read: chokidar scans them in the
   * background, and once it sees every later change, an edit made between that read and then
   * (which no event reports) reloads the store all the same (ScenarioStore.changedSinceFirstRead).
   */
  static start(store: ScenarioStore, options: WatchOptions = {}): ScenarioWatcher {
    return new ScenarioWatcher(store, options);
  }

  private async begin(): Promise<void> {
    const targets = await watchTargets(this.store.sources.paths);
    if (this.closed) return;
    this.targets = targets;
    const fsw = watchTree(targets);
    this.fsw = fsw;
    this.listen(fsw, targets);
    await new Promise<void>((resolve) => fsw.once('ready', resolve));
    if (this.closed) return;
    this.closeRoots = watchRootEntries(
      targets.roots,
      () => this.rearmSoon(),
      (error) => this.emit('watch-error', error),
    );
    const changed = await this.store.changedSinceFirstRead();
    if (changed === undefined) return;
    // The change may be a root removed or replaced before its entry was watched.
    await this.checkRoots(targets);
    if (!this.closed) this.poke(changed);
  }

  private rearmSoon(): void {
    if (this.closed) return;
    clearTimeout(this.rearmTimer);
    this.rearmTimer = setTimeout(() => void this.rearm(), this.settleMs);
  }

  /** A fresh chokidar watcher over the roots as they are now, then a reload (only once begun: the roots are watched from then). */
  private async rearm(): Promise<void> {
    if (this.rearming) return void this.rearming.then(() => this.rearmSoon());
    const { targets, fsw: old } = this;
    if (!targets || !old || this.closed) return;
    this.rearming = (async () => {
      const fsw = watchTree(targets);
      this.fsw = fsw;
      this.listen(fsw, targets);
      await Promise.all([new Promise<void>((resolve) => fsw.once('ready', () => resolve())), old.close()]);
      await this.checkRoots(targets);
      if (!this.closed) this.poke(targets.roots[0]);
    })();
    await this.rearming;
    this.rearming = undefined;
  }

  /** Tells whether the roots can be watched now: 'watch-stopped' (why) when one cannot, 'watch-resumed' once all can again. */
  private async checkRoots(targets: WatchTargets): Promise<void> {
    const problem = (await Promise.all(targets.roots.map(unreadableRoot))).find((p) => p !== undefined);
    if (this.closed) return;
    if (problem !== undefined && problem !== this.stopped) this.emit('watch-stopped', problem);
    if (problem === undefined && this.stopped !== undefined)
      this.emit('watch-resumed', targets.roots.map(displayName).join(', '));
    this.stopped = problem;
  }

  /** Stops watching and drops any reload not yet started; one already running still finishes. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.confirmTimer);
    clearTimeout(this.rearmTimer);
    this.closeRoots();
    await this.rearming;
    await this.fsw?.close();
  }

  private listen(fsw: FSWatcher, targets: WatchTargets): void {
    // chokidar reports each symbolic link as added while it scans, ignoreInitial or not: only later adds are changes.
    let scanned = false;
    fsw.once('ready', () => (scanned = true));
    for (const event of ['add', 'change', 'unlink'] as const) {
      fsw.on(event, (file) => {
        if ((scanned || event !== 'add') && targets.isScenarioPath(file)) this.poke(file);
      });
    }
    for (const event of ['addDir', 'unlinkDir'] as const)
      fsw.on(event, (dir) => (scanned || event !== 'addDir' ? this.poke(dir) : undefined));
    // chokidar drops a second 'change' within 50 ms of the first; the raw events are not
    // throttled, so a truncate followed quickly by the write is still seen.
    fsw.on('raw', (_event, name, details) => {
      const file = rawEventPath((details as { watchedPath?: string } | undefined)?.watchedPath, name);
      if (file && targets.isScenarioPath(file)) this.poke(file);
    });
    fsw.on('error', (error) => this.emit('watch-error', error));
  }

  private poke(file: string): void {
    if (this.closed) return;
    this.generation += 1;
    this.lastEventAt = performance.now();
    this.changed.add(displayName(file));
    clearTimeout(this.confirmTimer);
    this.schedule(this.settleMs);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), Math.max(0, ms));
  }

  private async run(): Promise<void> {
    if (this.running || this.closed) return;
    this.running = true;
    const generation = this.generation;
    const outcome = await this.store.attemptReload(
      this.trigger(),
      () => generation === this.generation && !this.closed,
    );
    this.running = false;
    if (this.closed) return;
    if (generation !== this.generation) return this.schedule(this.lastEventAt + this.settleMs - performance.now());
    if (outcome?.ok) this.changed.clear();
    else if (outcome) this.holdFailure(outcome, generation);
  }

  private holdFailure(outcome: ReloadFailure, generation: number): void {
    this.confirmTimer = setTimeout(() => {
      if (this.closed || generation !== this.generation) return;
      this.changed.clear();
      this.store.reportFailure(outcome);
    }, this.confirmMs);
  }

  private trigger(): string {
    const names = [...this.changed];
    const shown = names.slice(0, 3).join(', ');
    return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
  }
}

/**
 * chokidar over the targets. Symbolic links are not followed (a link to a parent, `sub/loop -> ..`,
 * would be expanded without bound): a linked file is watched as the link, and a ConfigMap's
 * update is seen as its `..data` link being replaced (watch-targets counts that as a change).
 */
function watchTree(targets: WatchTargets): FSWatcher {
  // Required here, not imported: a start's first answer comes before the watcher begins.
  const { watch } = require('chokidar') as typeof Chokidar;
  return watch([...targets.roots], {
    ignoreInitial: true,
    ignored: targets.ignored,
    atomic: false,
    followSymlinks: false,
  });
}

/** The path a raw fs.watch event names: a directory watch reports a child name, a file watch its own. */
function rawEventPath(watchedPath: string | undefined, name: string | null | undefined): string | undefined {
  if (!name || !watchedPath) return undefined;
  return path.basename(watchedPath) === name ? watchedPath : path.join(watchedPath, name);
}
