import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { types } from 'node:util';
import { deserialize, serialize } from 'node:v8';

/** What a valid file's read leaves to remember: its data, and where each token's key stands. */
export interface CachedRead {
  readonly data: Record<string, unknown>;
  /** Token -> [line, column] of its key; the file's name is not kept, since the key is the text alone. */
  readonly places: ReadonlyMap<string, readonly [number, number]>;
}

/** Where a read cache keeps its files, and the identity of the build that reads (dist/build-id). */
export interface ReadCacheOptions {
  readonly dir: string;
  readonly buildId: string;
}

/** How many entries a write leaves in the directory: a few projects' worth of files. */
const KEEP = 64;

const ENTRY = /^[0-9a-f]{64}\.v8$/;

/** A write's temp file (`<key>.<pid>.tmp`); one a crash left behind is removed once it is this old. */
const TEMP = /^[0-9a-f]{64}\.\d+\.tmp$/;
const STALE_TEMP_MS = 10 * 60 * 1000;

/**
 * Reads of scenario files kept on disk, one file per (build, text): `<dir>/<sha256>.v8`, written
 * with v8.serialize, which keeps what JSON loses (-0, NaN, key order). Only an optimisation:
 * anything unreadable is a miss, and no error of the file system ever leaves this class.
 * Look-ups are synchronous and small; writes wait in memory until flush(), which the caller runs
 * once the first load is served, and are atomic (a temp file renamed into place).
 */
export class ReadCache {
  private found = 0;
  private readonly pending = new Map<string, CachedRead>();
  private readonly used = new Set<string>();

  constructor(readonly options: ReadCacheOptions) {}

  /** How many look-ups were answered from the directory. */
  get hits(): number {
    return this.found;
  }

  /**
   * The key of a text: its sha256 with the build id and V8's version (v8.serialize's format is
   * V8's), so a changed text, build or Node never meets an old entry.
   */
  keyOf(text: string): string {
    return createHash('sha256').update(`${this.options.buildId}\n${process.versions.v8}\n`).update(text).digest('hex');
  }

  /** The read stored under `key`, or undefined: absent, unreadable, truncated, or not this key's. */
  get(key: string): CachedRead | undefined {
    let record: unknown;
    try {
      record = deserialize(readFileSync(this.fileOf(key)));
    } catch {
      return undefined;
    }
    if (!isRecord(record) || record.key !== key) return undefined;
    this.found += 1;
    this.used.add(key);
    return { data: record.data, places: record.places };
  }

  /** Remembers a read to write at the next flush(). */
  put(key: string, read: CachedRead): void {
    this.pending.set(key, read);
  }

  /** Writes what put() remembered, marks what get() found as recently used, and prunes after a write. Never throws. */
  flush(): void {
    let wrote = false;
    for (const [key, read] of this.pending) wrote = this.write(key, read) || wrote;
    this.pending.clear();
    const now = new Date();
    for (const key of this.used) ignoreErrors(() => utimesSync(this.fileOf(key), now, now));
    this.used.clear();
    if (wrote) this.prune();
  }

  private write(key: string, read: CachedRead): boolean {
    const temp = path.join(this.options.dir, `${key}.${process.pid}.tmp`);
    try {
      mkdirSync(this.options.dir, { recursive: true });
      writeFileSync(temp, serialize({ key, data: read.data, places: read.places }));
      renameSync(temp, this.fileOf(key));
      return true;
    } catch {
      ignoreErrors(() => unlinkSync(temp));
      return false;
    }
  }

  /**
   * Keeps the KEEP most recently written or used entries, and removes temp files a process killed
   * between write and rename left (old enough that no running write can still own them).
   */
  private prune(): void {
    ignoreErrors(() => {
      const names = readdirSync(this.options.dir);
      const staleBefore = Date.now() - STALE_TEMP_MS;
      for (const name of names.filter((n) => TEMP.test(n))) {
        const file = path.join(this.options.dir, name);
        if (mtimeOf(file) < staleBefore) ignoreErrors(() => unlinkSync(file));
      }
      const entries = names.filter((name) => ENTRY.test(name));
      if (entries.length <= KEEP) return;
      const aged = entries.map((name) => ({ name, mtime: mtimeOf(path.join(this.options.dir, name)) }));
      aged.sort((a, b) => b.mtime - a.mtime);
      for (const { name } of aged.slice(KEEP)) ignoreErrors(() => unlinkSync(path.join(this.options.dir, name)));
    });
  }

  private fileOf(key: string): string {
    return path.join(this.options.dir, `${key}.v8`);
  }
}

interface StoredRecord extends CachedRead {
  readonly key: string;
  readonly places: Map<string, [number, number]>;
}

function isRecord(value: unknown): value is StoredRecord {
  if (value === null || typeof value !== 'object') return false;
  const { key, data, places } = value as Partial<StoredRecord>;
  // types.isMap, not instanceof: the Map may come from another realm (a vm context, as under jest).
  return typeof key === 'string' && data !== null && typeof data === 'object' && !Array.isArray(data) && types.isMap(places);
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function ignoreErrors(run: () => void): void {
  try {
    run();
  } catch {
    // The cache is only an optimisation: a read-only or full disk must not stop a start.
  }
}
