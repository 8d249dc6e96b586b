import type { WireOptions } from '../../protocol/wire-encode';
import { compileAnswers } from './entry-answers';
import { fingerprintEntry } from './fingerprint-entry';
import type { SourceRef } from '../base/problem';
import type { EntryData } from '../schema/scenario-schema';
import type { Answer, AnswerContext, CompiledEntry } from './scenario-set';

/**
 * One validated entry as a CompiledEntry whose answers (every reply variant: steps, faults) are
 * serialised to bytes by its first request and kept from then on. Validation has already
 * accepted the entry, so compiling cannot fail, and a start need not encode the many tokens
 * nobody asks for in its first seconds.
 */
export function compileEntry(
  raw: EntryData,
  defaults: EntryData,
  base: WireOptions,
  source: SourceRef,
  token?: string,
): CompiledEntry {
  const merged: EntryData = {
    ...defaults,
    ...raw,
    headers: { ...(defaults.headers as object), ...(raw.headers as object) },
  };
  // Hashed when first asked for (a reload's diff, a stateful entry's first request), not for every token at start.
  let fingerprint: string | undefined;
  const fingerprintOf = (): string => (fingerprint ??= fingerprintEntry(merged, base));
  // The first request swaps in the compiled answer function, so later requests call it directly
  // rather than through a "compiled yet?" check. The entry is sealed, not frozen, for that one
  // write. `token` is always present (undefined when shared) so every entry has one shape.
  const entry: {
    readonly source: SourceRef;
    readonly token: string | undefined;
    readonly fingerprint: string;
    readonly data: EntryData;
    answer: (context: AnswerContext) => Answer | Promise<Answer>;
  } = {
    source,
    token,
    get fingerprint() {
      return fingerprintOf();
    },
    data: merged,
    answer: (context) => {
      entry.answer = compileAnswers(merged, base, fingerprintOf);
      return entry.answer(context);
    },
  };
  return Object.seal(entry);
}

/** The answer to a token's first request, leaving every state untouched (previews, examples): without `states`, always synchronous. */
export function previewAnswer(entry: CompiledEntry, token: string): Answer {
  return entry.answer({ token }) as Answer;
}
