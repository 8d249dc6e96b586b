import type { WireOptions } from '../../protocol/wire-encode';
import { DEFAULT_FALLBACK } from '../../protocol/built-in-answers';
import { compileEntry } from './compile-entry';
import type { CompiledEntry } from './scenario-set';

/** The compiled default fallback. */
export function defaultFallback(base: WireOptions): CompiledEntry {
  return compileEntry(DEFAULT_FALLBACK, {}, base, { file: '(built-in fallback)', line: 0, column: 0 });
}
