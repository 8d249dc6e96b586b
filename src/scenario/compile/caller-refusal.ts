import type { CallerCheck } from '../../caller-auth/caller-guard';
import { DEFAULT_CALLER_REFUSAL } from '../../protocol/built-in-answers';
import type { WireOptions } from '../../protocol/wire-encode';
import { compileEntry } from './compile-entry';
import type { CallerGuard } from './scenario-set';

/** `check` with its built-in refusal (401 plus its challenges) compiled like any entry, with the set's wire options. */
export function guardWithRefusal(check: CallerCheck, base: WireOptions, where: string): CallerGuard {
  const refusal = compileEntry({ ...DEFAULT_CALLER_REFUSAL, headers: check.challenges }, {}, base, {
    file: `(built-in callerAuthFailed${where})`,
    line: 0,
    column: 0,
  });
  return { check: check.check, challenges: check.challenges, refusal };
}
