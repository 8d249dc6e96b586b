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
  return Object.seal(new Entry(source, token, merged, base));
}

/**
 * A compiled entry. A class, not an object literal with a getter: a literal's getter is a new
 * function for every entry, and V8 keeps accessors in the hidden class, so each of 1,000 entries
 * had a hidden class of its own. Every read of an entry's fields (its source, token, answer) and
 * of its reply's headers then missed V8's property caches on every request: four runtime lookups
 * a request, ~5% of the instructions a served card costs (`--log-ic`, bench/instructions.js).
 * One class gives every entry one hidden class.
 */
class Entry implements CompiledEntry {
  private hash: string | undefined;

  constructor(
    readonly source: SourceRef,
    /** Always present (undefined when shared), so every entry has one shape. */
    readonly token: string | undefined,
    readonly data: EntryData,
    private readonly base: WireOptions,
  ) {}

  /** Hashed when first asked for (a reload's diff, a stateful entry's first request), not for every token at start. */
  get fingerprint(): string {
    return (this.hash ??= fingerprintEntry(this.data, this.base));
  }

  /**
   * The first request swaps in the compiled answer function (an own property, written once, so
   * the entry is sealed rather than frozen), and later requests call it directly rather than
   * through a "compiled yet?" check.
   */
  answer = (context: AnswerContext): Answer | Promise<Answer> => {
    this.answer = compileAnswers(this.data, this.base, () => this.fingerprint);
    return this.answer(context);
  };
}

/** The answer to a token's first request, leaving every state untouched (previews, examples): without `states`, always synchronous. */
export function previewAnswer(entry: CompiledEntry, token: string): Answer {
  return entry.answer({ token }) as Answer;
}
