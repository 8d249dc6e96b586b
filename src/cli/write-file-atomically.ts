import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes `text` to `file` the way npm writes package.json: the folders are made, the text goes to
 * a new temp file beside the target, is flushed to disk, then renamed over the target. A reader
 * sees the old file or the whole new one, never half; a symlink at `file` is replaced by the file,
 * its target left alone. Throws (the temp file removed) when any step fails.
 *
 * Hand-written rather than npm's `write-file-atomic`: that package resolves a symlink with
 * realpath and replaces the link's target, which is what a report path must never do.
 */
export function writeFileAtomically(file: string, text: string): void {
  const dir = path.dirname(path.resolve(file));
  mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  // 'wx': a fresh file or an error, so a link someone planted at the temp name is not followed.
  const fd = openSync(temp, 'wx', 0o644);
  try {
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncFolder(dir);
}

/** Flushes the folder's entry for the renamed file; a platform that cannot (Windows) keeps the rename anyway. */
function syncFolder(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Best effort: the rename is done; only its durability across a power cut is not promised.
  }
}
