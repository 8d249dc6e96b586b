import { DEFAULT_UNAVAILABLE } from '../../protocol/built-in-answers';
import type { WireOptions } from '../../protocol/wire-encode';
import { compileEntry } from './compile-entry';
import type { CompiledEntry } from './scenario-set';

/** The compiled default API-unavailable answer. */
export function defaultUnavailable(base: WireOptions): CompiledEntry {
  return compileEntry(DEFAULT_UNAVAILABLE, {}, base, { file: '(built-in unavailable)', line: 0, column: 0 });
}
