import { promises as fs, watch, constants } from 'node:fs';
import path from 'node:path';
import { displayName } from '../base/read-scenario-sources';

/**
 * Watches each root's entry in its parent directory (not the root itself, which may be replaced
 * as a whole) and calls `changed` on any event naming it: renamed, removed, made again, chmod.
 * Returns a function that stops watching.
 */
export function watchRootEntries(
  roots: readonly string[],
  changed: () => void,
  failed: (error: Error) => void,
): () => void {
  const watchers = roots.flatMap((root) => {
    const name = path.basename(root);
    try {
      const watcher = watch(path.dirname(root), { persistent: false }, (_event, entry) => {
        if (entry === null || entry === name) changed();
      });
      watcher.on('error', failed);
      return [watcher];
    } catch (error) {
      failed(error as Error);
      return [];
    }
  });
  return () => watchers.forEach((w) => w.close());
}

/** Why `root` cannot be watched now (gone, not a directory, unreadable), or undefined if it can. */
export async function unreadableRoot(root: string): Promise<string | undefined> {
  const shown = displayName(root) || '.';
  const stat = await fs.stat(root).catch(() => undefined);
  if (stat === undefined) return `${shown} was removed or renamed`;
  if (!stat.isDirectory()) return `${shown} is no longer a directory`;
  const readable = await fs.access(root, constants.R_OK | constants.X_OK).then(
    () => true,
    () => false,
  );
  return readable ? undefined : `${shown} cannot be read (permission denied)`;
}
