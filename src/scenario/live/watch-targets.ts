import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { isScenarioFile } from '../base/read-scenario-sources';

/** What a watcher watches, and which paths under it matter. */
export interface WatchTargets {
  /** Directories to hand to chokidar: each given directory, and the folder of each given file. */
  readonly roots: readonly string[];
  /** chokidar's `ignored`: paths that need no watching at all. */
  readonly ignored: (file: string, stats?: Stats) => boolean;
  /** Whether a file path (existing or just deleted) is one whose change means a reload. */
  isScenarioPath(file: string): boolean;
}

/** The link a Kubernetes ConfigMap volume points its files through, replaced atomically on each update. */
const CONFIGMAP_DATA = '..data';

/**
 * Turns the given scenario paths into watch targets. A given file is watched through its folder,
 * so an editor that saves by renaming a temp file over it is still seen, and nothing else in that
 * folder counts. Under a given directory, as when reading, hidden entries and files that are not
 * `*.yaml`/`*.yml`/`*.json` (vim's 4913 probe, `.swp`, `~` backups) are ignored.
 */
export async function watchTargets(paths: readonly string[]): Promise<WatchTargets> {
  const dirs: string[] = [];
  const files = new Set<string>();
  for (const given of paths.map((p) => path.resolve(p))) {
    const stat = await fs.stat(given).catch(() => undefined);
    if (stat?.isFile()) files.add(given);
    else dirs.push(given);
  }
  const fileFolders = new Set([...files].map((f) => path.dirname(f)));
  const underDir = (p: string) => dirs.some((d) => p === d || p.startsWith(d + path.sep));
  const hiddenBelow = (p: string) =>
    path
      .relative(dirs.find((d) => p === d || p.startsWith(d + path.sep)) ?? p, p)
      .split(path.sep)
      .some((s) => s.startsWith('.'));
  const isScenarioPath = (file: string) => {
    const p = path.resolve(file);
    if (files.has(p)) return true;
    // A ConfigMap update swaps its `..data` link in one rename: that is when the linked files change.
    if (underDir(p) && path.basename(p) === CONFIGMAP_DATA && !hiddenBelow(path.dirname(p))) return true;
    return underDir(p) && !hiddenBelow(p) && isScenarioFile(p);
  };
  const ignored = (file: string, stats?: Stats) => {
    const p = path.resolve(file);
    if (files.has(p) || fileFolders.has(p)) return false;
    if (!underDir(p)) return true;
    if (hiddenBelow(p)) return true;
    return Boolean(stats?.isFile()) && !isScenarioFile(p);
  };
  return { roots: [...dirs, ...fileFolders], ignored, isScenarioPath };
}
