/** The largest scenario file read unless told otherwise: far above a hand-written 100,000-token file (~15 MB), far below what exhausts memory (a file takes ~5x its size). */
export const DEFAULT_MAX_FILE_BYTES = 32 * 1024 ** 2;

/** The largest runtime entry (admin PUT body) accepted unless told otherwise. */
export const DEFAULT_MAX_ENTRY_BYTES = 1024 ** 2;

/** How many runtime tokens may be held unless told otherwise (each takes a few KB compiled). */
export const DEFAULT_MAX_RUNTIME_TOKENS = 10_000;

/** The most bytes all runtime entries' texts (and names) may take together: 10,000 entries of 1 MB would be about 13 GB compiled. */
export const DEFAULT_MAX_RUNTIME_BYTES = 64 * 1024 * 1024;

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** Bytes from "32mb", "512kb", "1.5gb" or a bare number of bytes; undefined if it is none of these. */
export function parseByteSize(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(value.trim());
  if (!match) return undefined;
  const bytes = Math.floor(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]);
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** A size as people read it: "32 MB", "1.5 MB", "900 bytes". */
export function formatByteSize(bytes: number): string {
  if (bytes >= 1024 ** 2) return `${Number((bytes / 1024 ** 2).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
