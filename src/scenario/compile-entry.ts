import type { WireOptions } from '../protocol/wire-encode';
import { compileAnswers } from './entry-answers';
import { fingerprintEntry } from './fingerprint-entry';
import type { SourceRef } from './problem';
import type { CompiledEntry } from './scenario-set';

/** A validated scenario entry as written: Response fields plus control keys. */
export type EntryData = Record<string, unknown>;

/** File-level `defaults:` after validation. */
export type FileDefaults = EntryData;

/** Compiles one entry into its ready answers: every reply variant (steps, faults) serialised to bytes now. */
export function compileEntry(raw: EntryData, defaults: FileDefaults, base: WireOptions, source: SourceRef): CompiledEntry {
  const merged: EntryData = { ...defaults, ...raw, headers: { ...(defaults.headers as object), ...(raw.headers as object) } };
  // Hashed when first asked for (a reload's diff, a stateful entry's first request): ~30 µs an
  // entry that a start of a big set would otherwise pay for every token up front.
  let fingerprint: string | undefined;
  const fingerprintOf = (): string => (fingerprint ??= fingerprintEntry(merged, base));
  return Object.freeze({
    source,
    get fingerprint() {
      return fingerprintOf();
    },
    answer: compileAnswers(merged, base, fingerprintOf),
  });
}

/** Moved to build-reply.ts; re-exported so existing imports keep working. */
export { buildReply, wireOptionsFor } from './build-reply';
