import type { WireOptions } from '../../protocol/wire-encode';
import type { SourceRef } from '../base/problem';
import type { EntryData } from '../schema/scenario-schema';
import { compileEntry } from './compile-entry';
import type { CompiledEntry } from './scenario-set';

/**
 * What every entry of a file starts from: its `defaults:` over the set-wide delay (--delay).
 * A runtime token is an entry of a file without `defaults:` (`written` undefined). `callerAuth`
 * guards the file's tokens rather than shaping answers, so it is left out.
 */
export function entryDefaults(written: unknown, delay: unknown): EntryData {
  const { callerAuth: _guard, ...defaults } = (written ?? {}) as EntryData;
  return { ...(delay !== undefined ? { delay } : {}), ...defaults };
}

/**
 * One validated entry as written, a file's (under `tokens:`, or `fallback:`...) or a runtime
 * token's, loaded the one way: `expect:` judges the caller and shapes neither the answer nor the
 * fingerprint, so it is left out; the rest is compiled over `defaults` (see entryDefaults).
 */
export function loadEntry(
  raw: EntryData,
  defaults: EntryData,
  base: WireOptions,
  source: SourceRef,
  token?: string,
): CompiledEntry {
  return compileEntry(withoutExpect(raw), defaults, base, source, token);
}

function withoutExpect(raw: EntryData): EntryData {
  if (raw === null || typeof raw !== 'object' || raw.expect === undefined) return raw;
  const { expect: _judged, ...served } = raw;
  return served;
}
