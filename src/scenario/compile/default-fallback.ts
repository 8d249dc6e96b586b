import type { WireOptions } from '../../protocol/wire-encode';
import { compileEntry } from './compile-entry';
import type { CompiledEntry } from '../scenario-set';

/** What unknown tokens get without a `fallback`: the reference's one shown error, "client not found". */
export const DEFAULT_FALLBACK = Object.freeze({
  status: 404,
  errorCode: 'CLIENT_NOT_FOUND',
  errorText: 'client not found',
});

/** The compiled default fallback. */
export function defaultFallback(base: WireOptions): CompiledEntry {
  return compileEntry(DEFAULT_FALLBACK, {}, base, { file: '(built-in fallback)', line: 0, column: 0 });
}
