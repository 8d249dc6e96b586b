import type { CallerCheck } from '../../caller-auth/caller-guard';
import { DEFAULT_CALLER_REFUSAL, DEFAULT_FALLBACK, DEFAULT_UNAVAILABLE } from '../../protocol/built-in-answers';
import type { WireOptions } from '../../protocol/wire-encode';
import { compileEntry } from './compile-entry';
import type { CallerGuard, CompiledEntry } from './scenario-set';

/** The built-in fallback, compiled like any entry with the set's wire options. */
export function defaultFallback(base: WireOptions): CompiledEntry {
  return compileEntry(DEFAULT_FALLBACK, {}, base, { file: '(built-in fallback)', line: 0, column: 0 });
}

/** The built-in API-unavailable answer, compiled like any entry. */
export function defaultUnavailable(base: WireOptions): CompiledEntry {
  return compileEntry(DEFAULT_UNAVAILABLE, {}, base, { file: '(built-in unavailable)', line: 0, column: 0 });
}

/** `check` with its built-in refusal (401 plus its challenges) compiled like any entry, with the set's wire options. */
export function guardWithRefusal(check: CallerCheck, base: WireOptions, where: string): CallerGuard {
  const refusal = compileEntry({ ...DEFAULT_CALLER_REFUSAL, headers: check.challenges }, {}, base, {
    file: `(built-in callerAuthFailed${where})`,
    line: 0,
    column: 0,
  });
  return { check: check.check, challenges: check.challenges, refusal };
}
