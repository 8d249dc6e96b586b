import { promises as fs } from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import { DEFAULT_MAX_FILE_BYTES, formatByteSize } from './size-limits';
import type { Problem } from './problem';
import { problemAt } from './problem';

/** A scenario file's name (as shown in messages) and its text. */
export interface ScenarioText {
  readonly file: string;
  readonly text: string;
}

const SCENARIO_FILE = /\.(ya?ml|json)$/i;

/** Whether a path names a scenario file by its extension. */
export function isScenarioFile(name: string): boolean {
  return SCENARIO_FILE.test(name);
}

/**
 * Files read at once at most: a folder of 25,000 files opened all together runs out of file
 * descriptors (EMFILE) under a common `ulimit -n` of 1,024, while a few dozen keep the disk busy.
 */
const FILE_READ_CONCURRENCY = 32;

/**
 * Reads every scenario file under the given directories and files (directories recursively,
 * hidden entries skipped), in a stable sorted order so merges are deterministic, at most
 * FILE_READ_CONCURRENCY at a time (p-limit's queue; graceful-fs was considered, but it retries
 * after EMFILE rather than staying under the limit, and patches `fs` for the whole process).
 */
export async function readScenarioSources(
  paths: readonly string[],
  maxFileBytes = DEFAULT_MAX_FILE_BYTES,
): Promise<ScenarioText[]> {
  const files = new Set<string>();
  for (const p of paths) for (const f of await listScenarioFiles(p)) files.add(f);
  const sorted = [...files].sort();
  const limit = pLimit(FILE_READ_CONCURRENCY);
  return Promise.all(
    sorted.map((file) => limit(async () => ({ file: displayName(file), text: await readBounded(file, maxFileBytes) }))),
  );
}

/** A file's text, refused before reading when it is larger than `maxBytes` (a file in memory takes ~5x its size). */
async function readBounded(file: string, maxBytes: number): Promise<string> {
  const { size } = await fs.stat(file);
  if (size > maxBytes) {
    const why = `it is ${formatByteSize(size)}, over the ${formatByteSize(maxBytes)} limit for one scenario file (--max-file-size); split it, or describe many similar tokens with a generate: population`;
    throw Object.assign(new Error(why), { code: 'EFBIG', path: displayName(file) });
  }
  return decodeUtf8(displayName(file), await fs.readFile(file));
}

/** A scenario file that is not UTF-8 (a cp1251 export, say): thrown with the place of its first bad byte. */
export class NotUtf8Error extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    byteOffset: number,
  ) {
    super(
      `${file} is not UTF-8 text (the byte at offset ${byteOffset} is not); save it as UTF-8 (for example: iconv -f cp1251 -t utf-8)`,
    );
  }
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The file's (or admin body's) text; a byte that is not UTF-8 would otherwise reach the cards as U+FFFD. */
export function decodeUtf8(file: string, bytes: Buffer): string {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    const lenient = bytes.toString('utf8');
    const bad = lenient.indexOf('\uFFFD');
    const before = lenient.slice(0, bad).split('\n');
    throw new NotUtf8Error(
      file,
      before.length,
      before[before.length - 1].length + 1,
      Buffer.byteLength(lenient.slice(0, bad)),
    );
  }
}

/** A given directory that holds no scenario file, and what in it was skipped and why ("notes.txt: not .yaml, .yml or .json"). */
export interface EmptyPath {
  readonly path: string;
  readonly skipped: readonly string[];
}

/** The given directories that hold no scenario file at all (a typo'd folder, a fresh project): a file path is never empty. */
export async function pathsWithoutScenarioFiles(paths: readonly string[]): Promise<EmptyPath[]> {
  const empty: EmptyPath[] = [];
  for (const p of paths) {
    const skipped: string[] = [];
    if ((await listScenarioFiles(p, skipped)).length === 0) empty.push({ path: p, skipped });
  }
  return empty;
}

/** What an empty path's message adds: the first few things skipped and why, or nothing when the folder is bare. */
export function skippedNote(empty: EmptyPath): string {
  if (empty.skipped.length === 0) return '';
  const shown = [...empty.skipped].sort().slice(0, 5).join('; ');
  const more = empty.skipped.length > 5 ? `; and ${empty.skipped.length - 5} more` : '';
  return ` (skipped: ${shown}${more})`;
}

/**
 * The scenario files under `target`. Hidden entries are skipped; symbolic links are followed, so a
 * Kubernetes ConfigMap's `retail.yaml -> ..data/retail.yaml` is read (through its hidden `..data`),
 * but a link back to a folder already being read (a loop) and a link to nothing are skipped.
 * `skipped` collects each skipped entry with why, for a folder that turns out empty.
 */
async function listScenarioFiles(
  target: string,
  skipped: string[] = [],
  reading: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const stat = await fs.stat(target);
  if (stat.isFile()) return [target];
  const real = await fs.realpath(target);
  const inside = new Set([...reading, real]);
  const found: string[] = [];
  for (const entry of await fs.readdir(target, { withFileTypes: true })) {
    const full = path.join(target, entry.name);
    const shown = displayName(full);
    if (entry.name.startsWith('.')) {
      skipped.push(`${shown}: hidden`);
      continue;
    }
    const kind = entry.isSymbolicLink() ? await linkKind(full, inside) : entry.isDirectory() ? 'dir' : 'file';
    if (kind === 'dir') found.push(...(await listScenarioFiles(full, skipped, inside)));
    else if (kind === 'file' && isScenarioFile(entry.name)) found.push(full);
    else if (kind === 'file') skipped.push(`${shown}: not .yaml, .yml or .json`);
    else skipped.push(`${shown}: ${kind}`);
  }
  return found;
}

/** What a symbolic link leads to: a file, a folder to read, or why it is skipped. */
async function linkKind(link: string, reading: ReadonlySet<string>): Promise<string> {
  const stat = await fs.stat(link).catch((e: NodeJS.ErrnoException) => e.code ?? 'ERROR');
  if (typeof stat === 'string')
    return stat === 'ELOOP' ? 'a link loop' : stat === 'ENOENT' ? 'a link to nothing' : `an unreadable link (${stat})`;
  if (stat.isFile()) return 'file';
  if (!stat.isDirectory()) return 'a link to neither a file nor a folder';
  return reading.has(await fs.realpath(link)) ? 'a link loop (to a folder it is inside)' : 'dir';
}

/** Paths relative to the working directory when inside it, so messages stay short. */
export function displayName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** Why scenario files could not be read, as a problem: a non-UTF-8 file at its first bad byte, else the file and the system's reason. */
export function readFailureProblem(error: unknown): Problem {
  if (error instanceof NotUtf8Error)
    return problemAt({ file: error.file, line: error.line, column: error.column }, error.message);
  const err = error as NodeJS.ErrnoException;
  const file = err.path ?? '(scenarios)';
  const message =
    err.code === 'ENOENT' ? `cannot read ${file}: no such file or directory` : `cannot read ${file}: ${err.message}`;
  return problemAt(file, message);
}
