import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAX_FILE_BYTES, formatByteSize } from './size-limits';
import type { Problem } from './problem';

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
 * Reads every scenario file under the given directories and files (directories recursively,
 * hidden entries skipped), in a stable sorted order so merges are deterministic.
 */
export async function readScenarioSources(
  paths: readonly string[],
  maxFileBytes = DEFAULT_MAX_FILE_BYTES,
): Promise<ScenarioText[]> {
  const files = new Set<string>();
  for (const p of paths) for (const f of await listScenarioFiles(p)) files.add(f);
  const sorted = [...files].sort();
  return Promise.all(
    sorted.map(async (file) => ({ file: displayName(file), text: await readBounded(file, maxFileBytes) })),
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

/** The file's text; a byte that is not UTF-8 would otherwise reach the cards as U+FFFD. */
function decodeUtf8(file: string, bytes: Buffer): string {
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

/** The given directories that hold no scenario file at all (a typo'd folder, a fresh project): a file path is never empty. */
export async function pathsWithoutScenarioFiles(paths: readonly string[]): Promise<string[]> {
  const empty: string[] = [];
  for (const p of paths) if ((await listScenarioFiles(p)).length === 0) empty.push(p);
  return empty;
}

async function listScenarioFiles(target: string): Promise<string[]> {
  const stat = await fs.stat(target);
  if (stat.isFile()) return [target];
  const found: string[] = [];
  for (const entry of await fs.readdir(target, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(target, entry.name);
    if (entry.isDirectory()) found.push(...(await listScenarioFiles(full)));
    else if (entry.isFile() && isScenarioFile(entry.name)) found.push(full);
  }
  return found;
}

/** Paths relative to the working directory when inside it, so messages stay short. */
export function displayName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** Why scenario files could not be read, as a problem: a non-UTF-8 file at its first bad byte, else the file and the system's reason. */
export function readFailureProblem(error: unknown): Problem {
  if (error instanceof NotUtf8Error)
    return {
      file: error.file,
      line: error.line,
      column: error.column,
      severity: 'error',
      path: '',
      message: error.message,
    };
  const err = error as NodeJS.ErrnoException;
  const file = err.path ?? '(scenarios)';
  const message =
    err.code === 'ENOENT' ? `cannot read ${file}: no such file or directory` : `cannot read ${file}: ${err.message}`;
  return { file, line: 1, column: 1, severity: 'error', path: '', message };
}
