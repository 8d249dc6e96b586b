import { MODULES } from '../../protocol/modules';
import type { WireOptions } from '../../protocol/wire-encode';
import { compileEntry } from './compile-entry';
import type { CompiledEntry } from '../scenario-set';

/**
 * What every request gets when none of the four modules is installed (reference, "What the
 * service does": the API is available only with one of them), unless a file sets `unavailable:`.
 */
export const DEFAULT_UNAVAILABLE = Object.freeze({
  status: 503,
  errorCode: 'API_UNAVAILABLE',
  errorText: `the client authorization API is not available: none of the modules ${MODULES.join(', ')} is installed`,
});

/** The compiled default API-unavailable answer. */
export function defaultUnavailable(base: WireOptions): CompiledEntry {
  return compileEntry(DEFAULT_UNAVAILABLE, {}, base, { file: '(built-in unavailable)', line: 0, column: 0 });
}
